"""A while loop ending an except clause, left by break, with code after the try.

Once read on 3.13-3.15 with the code after the try inside the clause, after
the loop (difftest 313_24000_52450, 313_24000_45575): it ran while the
exception was still being handled, so an exception it raised carried the
handled one as its __context__, and it ran twice where the clause returned."""


def endless(n):
    log = []
    try:
        raise KeyError(n)
    except KeyError as e:
        while True:
            n -= 1
            log.append(n)
            if n < 2:
                break
    log.append(("after", n))
    try:
        [][n]
    except IndexError as e:
        log.append(type(e.__context__).__name__)
    return log


def tested(n, stop):
    log = []
    try:
        raise KeyError(n)
    except KeyError:
        while n:
            n -= 1
            if n == stop:
                break
    try:
        {}[n]
    except KeyError as e:
        log.append((n, type(e.__context__).__name__))
    return log


def two_breaks(n):
    log = []
    try:
        raise ValueError(n)
    except ValueError:
        while True:
            n += 1
            if n > 5:
                break
            if n % 3 == 0:
                break
    log.append(n)
    try:
        raise TypeError(n)
    except TypeError as e:
        log.append(repr(e.__context__))
    return log


def run_cases(ns):
    results = []
    for n in (1, 4):
        results.append(ns["endless"](n))
    for n, stop in ((5, 2), (3, 9)):
        results.append(ns["tested"](n, stop))
    for n in (0, 4):
        results.append(ns["two_breaks"](n))
    return results
