"""A for loop ending a finally body, left by `break`: in the handler's copy
the break is POP_TOP; RERAISE (3.10+ copy the closing re-raise into it).
Valid Python 3.8 syntax; names need not exist."""


def for_break_ending_finally(items, stop):
    try:
        f()
    finally:
        for x in items:
            if x == stop:
                return x
            break
    return "end"
