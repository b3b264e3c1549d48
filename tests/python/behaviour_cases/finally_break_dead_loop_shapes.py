"""3.8: a loop whose body is a try statement with `finally: break`: the
jump back to the header is dead, so no loop was found, and the break's
jump past the finally body's END_FINALLY was walked on: the code after
the loop was read into the finally body, where it ran while the exception
was still being handled (its own exceptions got that one as context), and
a while loop's test became an if (random programs 24000:25566,
25000:3997). Refused.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def constant_loop_finally_break(log, a, b):
    while 3:
        try:
            log.append(1 / a)
        except ZeroDivisionError as e2:
            log.append("except")
        else:
            raise ValueError(a)
        finally:
            break
    return b[0]


def while_else_finally_break(log, a, b):
    while a:
        try:
            raise KeyError(a)
        finally:
            break
    else:
        return b
    return b[0]


def run_cases(ns):
    results = []
    for name in ("constant_loop_finally_break", "while_else_finally_break"):
        for a, b in ((1, [2]), (0, [3]), (0, []), (2, [])):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, repr(error.__context__), log))
    return results
