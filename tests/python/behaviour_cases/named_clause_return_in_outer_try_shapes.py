"""`except E as e: return value` inside an enclosing try (or try/finally),
with or without code after the inner try. The RETURN_VALUE cannot raise, so
it lies outside the enclosing try's protection: the walk of the clause
stopped right before it, holding the value, and the function was refused
(every version).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


def clause_returns_then_code(log, x):
    try:
        try:
            v = 1 / x
        except ZeroDivisionError as e:
            return repr(e)
        log.append(v)
        v += 1
    except TypeError:
        log.append(("type", sys.exc_info()[0]))
    return "end"


def clause_returns_in_try_finally(log, x):
    try:
        try:
            v = 1 / x
        except ZeroDivisionError as e:
            return repr(e), sys.exc_info()[0]
        log.append(v)
    finally:
        log.append(("finally", sys.exc_info()[0]))
    return "end"


def both_return_inside_finally(log, x):
    try:
        try:
            return 1 / x
        except ZeroDivisionError:
            return "zero"
    finally:
        log.append(("finally", sys.exc_info()[0]))


def both_return_named_clause_inside_finally(log, x):
    try:
        try:
            return 1 / x
        except (ZeroDivisionError, KeyError) as e:
            return repr(e)
    finally:
        log.append(("finally", sys.exc_info()[0]))


def run_cases(ns):
    log, results = [], []
    for name in [
        "clause_returns_then_code",
        "clause_returns_in_try_finally",
        "both_return_inside_finally",
        "both_return_named_clause_inside_finally",
    ]:
        for x in (1, 0, "s"):
            try:
                results.append(ns[name](log, x))
            except TypeError as e:
                results.append(repr(e))
    return results, log, sys.exc_info()[0]
