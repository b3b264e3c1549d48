"""3.8: a while loop in a finally body whose body ends in `break`, with an
else clause: the jump back to the header is dead, so the loop reads as an
if; its branch jumps to the finally body's END_FINALLY, which the walk
took for a branch that leaves, and the else clause's code was read as
running after the if, after that branch too (random program 24000:5996).
Refused.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_break_else_in_finally(log, a, b):
    x = 0
    try:
        log.append(a)
    finally:
        w0 = 0
        while 0 < b:
            w0 += 1
            break
        else:
            log.append(("else", x))
    return w0


def while_break_else_raise_in_finally(log, a, b):
    try:
        log.append(a)
    finally:
        while b:
            log.append("body")
            break
        else:
            raise ValueError(a)


def run_cases(ns):
    results = []
    for name in ("while_break_else_in_finally", "while_break_else_raise_in_finally"):
        for a, b in ((1, 2), (0, 0), (2, -1)):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
