"""A finally body ending in a written `raise E1(a)` after a try/except*
(difftest finding finally_ends_in_raise_after_except_star, 3.11-3.15): the
re-raise of the unmatched part of the group was taken for the closing
re-raise of the handler's copy (which has none), the written raise dropped
as that re-raise, and a bare `raise` came out after the try statement.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class E1(Exception):
    pass


class E2(Exception):
    pass


def step(log, x):
    log.append(("step", x, repr(sys.exc_info()[1])))
    if x == 2:
        raise ExceptionGroup("g", [E2(x)])
    if x == 3:
        raise ExceptionGroup("g", [E2(x), ValueError(x)])
    if x == 4:
        raise KeyError(x)
    return x


def raise_after_except_star(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        except* E2:
            pass
        raise E1(a)


def raise_after_except_star_clauses(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        except* E2 as g:
            log.append(repr(g))
        except* ValueError:
            log.append("ValueError")
        raise E1(b)


def run_cases(ns):
    log, results = [], []
    for name in ["raise_after_except_star", "raise_after_except_star_clauses"]:
        for a, b in ((0, 1), (2, 0), (0, 2), (0, 3), (4, 4)):
            try:
                results.append(ns[name](log, a, b))
            except Exception as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
