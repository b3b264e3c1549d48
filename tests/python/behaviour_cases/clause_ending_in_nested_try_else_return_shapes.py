"""An except clause ending in a nested try whose else clause returns, then
code after the outer try that looks at the exception state (issue 22 saw
that code copied into the except clause on 3.13, where it ran while the
exception was still being handled). Not reproduced on this checkout in 192
variants (clause named or not, inner clause pass/call/assignment, named or
not, else return with or without a call first, code after the try a raise,
a return, a call and a return, a call; in a for loop or not); these lock the
plain shapes in.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class Err(Exception):
    pass


def raise_after_try(log, x, y):
    try:
        log.append(1 / x)
    except ZeroDivisionError:
        try:
            w = 1 / y
        except ZeroDivisionError:
            pass
        else:
            return w
    raise Err


def exception_state_after_try(log, x, y):
    try:
        log.append(1 / x)
    except ZeroDivisionError as e:
        try:
            w = 1 / y
        except ZeroDivisionError:
            log.append(sys.exc_info()[0])
        else:
            return w
    log.append(sys.exc_info()[0])
    return y


def exception_state_after_try_in_loop(log, x, y):
    for i in range(2):
        try:
            log.append(1 / x)
        except ZeroDivisionError:
            try:
                w = 1 / y
            except ZeroDivisionError as e2:
                y = 5
            else:
                return w
        log.append((i, sys.exc_info()[0]))
    return y


def run_cases(ns):
    log, results = [], []
    for name in ["raise_after_try", "exception_state_after_try", "exception_state_after_try_in_loop"]:
        for x, y in ((1, 1), (0, 1), (0, 0)):
            try:
                results.append(ns[name](log, x, y))
            except Err as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
