"""An except clause ending in an if whose other branch returns (3.13+ leave
the clause by POP_EXCEPT, the unbinding of the clause's name and a jump:
the only way to the code after the try). Read as the if's join inside the
clause, the code after the try also ran inside the clause, with the
exception still being handled (random program 315_25000_409: the chaining
of an exception raised there and sys.exc_info() differed).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class Err(Exception):
    pass


def raise_after_named_clause(log, c, flag):
    try:
        raise KeyError(c)
    except LookupError as e:
        if flag:
            pass
        else:
            return
    raise Err(c)


def state_after_clause(log, c, flag):
    try:
        raise KeyError(c)
    except LookupError:
        if flag:
            log.append("kept")
        else:
            return c
    log.append(sys.exc_info()[0])
    return flag


def run_cases(ns):
    log, results = [], []
    for name in ["raise_after_named_clause", "state_after_clause"]:
        for c, flag in ((1, True), (2, False), (0, 1)):
            try:
                results.append(ns[name](log, c, flag))
            except Err as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
