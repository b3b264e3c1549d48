"""A while loop ending a finally body whose test holds a value-producing
`and`/`or` (`while (z and x) in l0:`). 3.8 (one finally body shared by all
paths) read it as `while 1: if test: ...` whose other path runs into
END_FINALLY: that path was taken as leaving, the loop never ended (now
refused). 3.9 once re-raised on the normal path.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_and_test_in_finally_after_return(log, x, z):
    l0 = [1, 2]
    try:
        return 0
    finally:
        while (z and x) in l0:
            z = 0


def while_or_test_in_finally(log, x, z):
    l0 = [1, 2]
    try:
        log.append("body")
    finally:
        while (z or x) in l0:
            log.append(x)
            x = 0
            z = 0
    return log


def run_cases(ns):
    results = []
    for name in ("while_and_test_in_finally_after_return", "while_or_test_in_finally"):
        for x, z in ((0, 0), (1, 1), (2, 0), (0, 2), (1, 3)):
            log = []
            try:
                results.append((name, ns[name](log, x, z), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
