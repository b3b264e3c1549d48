"""A try/except/else after a branch that returns (3.11+): the code after
the try had no instruction of its own to tell where the else clause ends,
and the decompiler read past an empty list and crashed the interpreter
(found by tools/difftest, seed 5000 on 3.12 and 3.14).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class O:
    v = 10


o = O()
snap = None


def p(v):
    return ("p", v)


def early_return_then_try_else(a, b, c):
    if a or chk if all else a:
        return p(b * 1)
    try:
        snap
    except KeyError as e12:
        pass
    else:
        o.v -= 5
        q0 = b


def with_return_then_try_else(a, b, c):
    with open(__file__):
        return a
    try:
        t
    except KeyError as e1:
        pass
    else:
        c[4] = a


def run_cases(ns):
    out = []
    for name, args in (
        ("early_return_then_try_else", (1, 2, [])),
        ("early_return_then_try_else", (0, 2, [])),
        ("with_return_then_try_else", (3, 2, [])),
    ):
        try:
            out.append((name, ns[name](*args), ns["o"].v))
        except Exception as e:
            out.append((name, type(e).__name__))
    return out
