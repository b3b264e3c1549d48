"""A while loop ending an except* clause whose body ends in `if c: break`.

Once read on 3.13 and 3.15 as `if not c: continue` with the break lost:
the loop never ended (difftest 313_24000_11596, 315_25000_15850 ...).
Here the test indexes a list, so the lost break runs off its end and
raises instead of hanging."""


def named(flags):
    log = []
    try:
        raise ExceptionGroup("g", [ValueError(1), ValueError(2)])
    except* ValueError as e:
        n = 0
        while True:
            log.append(n)
            n += 1
            if flags[n]:
                break
    return log


def unnamed(flags):
    log = []
    try:
        raise ValueError(3)
    except* ValueError:
        n = 0
        while True:
            log.append(n)
            n += 1
            if flags[n]:
                break
    return log


def then_code(flags):
    log = []
    try:
        raise ValueError(3)
    except* ValueError:
        n = 0
        while True:
            n += 1
            if flags[n]:
                break
        log.append(n)
    return log


def run_cases(ns):
    results = []
    for name in ("named", "unnamed", "then_code"):
        for flags in ([0, 1, 0], [0, 0, 0, 1]):
            try:
                results.append(ns[name](list(flags)))
            except BaseException as e:
                results.append(repr(e))
    return results
