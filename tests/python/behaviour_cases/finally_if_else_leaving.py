"""A finally body `if c: X` + `else: return v` (or a raise there), 3.8:
the branch X ends in a jump to the finally body's END_FINALLY, past the
else; the if was read without its else, so `return v` ran after X on every
path (difftest finding finally_ifexp_chained_test_reraise). 3.8 now refuses
such a branch; other versions read it right.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def else_returns(a, b, log):
    try:
        log.append(0)
    finally:
        if a:
            log.append(1)
        else:
            return b
    log.append(2)
    return a


def chained_test_else_raises(a, b, log):
    try:
        log.append(0)
    finally:
        if a < 1 < 3:
            log.append(1)
        else:
            raise KeyError(b)
    log.append(2)


def run_cases(ns):
    results = []
    for name in ("else_returns", "chained_test_else_raises"):
        for a in (0, 1, 2):
            for b in (0, 1):
                log = []
                try:
                    result = ns[name](a, b, log)
                except Exception as e:  # noqa: BLE001
                    result = type(e).__name__
                results.append((name, a, b, result, log))
    return results
