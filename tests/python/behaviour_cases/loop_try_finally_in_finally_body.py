"""A loop in a finally body whose body holds a try/finally (difftest finding
finally_loop_try_chained_unpack_walrus, 3.9, 3.10): the inner finally
body's closing RERAISE in its handler copy was taken for the copy of the
outer handler's closing RERAISE that a break out of the loop runs into,
so the inner finally body got a `break` and the loop ran once.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def for_loop_try_finally_in_finally(a, log):
    try:
        log.append(0)
    finally:
        for i in range(2):
            try:
                log.append(i)
            finally:
                log.append(a)
            log.append("end")


def while_loop_try_finally_in_finally(a, log):
    try:
        log.append(0)
    finally:
        while a < 3:
            try:
                a += 1
            finally:
                log.append(a)


def run_cases(ns):
    results = []
    for name in ("for_loop_try_finally_in_finally", "while_loop_try_finally_in_finally"):
        for a in (0, 2, 5):
            log = []
            try:
                result = ns[name](a, log)
            except Exception as e:  # noqa: BLE001
                result = type(e).__name__
            results.append((name, a, result, log))
    return results
