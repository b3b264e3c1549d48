"""if/elif/else raise before a loop left only through an except clause's
break: the elif's branches meet at the loop. Read wrongly, the raise would
move or the loop would run in one branch only.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def elif_raise_then_while_try_break(x, g):
    if x == 1:
        g(0)
    elif x == 2:
        g(1)
    else:
        raise KeyError
    while 1:
        try:
            g(1)
        except EOFError:
            break
        g(2)
    if not x or not g:
        raise KeyError
    return 5


def run_cases(ns):
    results = []
    for x in (0, 1, 2, 3):
        for stop_at in (1, 4):
            log = []

            def g(n, log=log, stop_at=stop_at):
                log.append(n)
                if len(log) >= stop_at:
                    raise EOFError

            try:
                results.append((x, stop_at, ns["elif_raise_then_while_try_break"](x, g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((x, stop_at, type(e).__name__, log))
    return results
