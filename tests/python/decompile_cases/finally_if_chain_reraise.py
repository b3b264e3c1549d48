"""A finally body ending in an if chain whose last branch is an if of its
own, one nested path falling through to the handler copy's re-raise.
Valid Python 3.8 syntax; names need not exist."""


def finally_if_chain_falls_through_once(a, b, n):
    try:
        f()
    finally:
        with c():
            n = n + 1
        if a:
            if b:
                return "ab"
        elif n < 0:
            return "neg"
        else:
            if b:
                return None
            return "else"
    g()
