"""An except clause ending in an if whose branch is a nested try (3.13+ give
each branch, and each way out of the nested try, its own copy of the
clause's end: POP_EXCEPT, then the jump to the code after the outer try).
Read with the branches meeting at that code, the code after the try was
copied into the except clause, where it ran while the exception was still
being handled (jinja2 SandboxedEnvironment.getitem: the exception state and
the chaining of an exception raised there differed).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class Err(Exception):
    pass


def state_after_try(log, obj, argument):
    try:
        return obj[argument]
    except (TypeError, LookupError):
        if argument:
            try:
                log.append(str(argument))
            except Exception:
                pass
    log.append(sys.exc_info()[0])
    return None


def raise_after_try(log, obj, argument):
    try:
        return obj[argument]
    except (TypeError, LookupError):
        if isinstance(argument, str):
            try:
                attr = int(argument)
            except Exception:
                pass
            else:
                return attr
    raise Err(argument)


def run_cases(ns):
    log, results = [], []
    for name in ["state_after_try", "raise_after_try"]:
        for obj, argument in (([1], 0), ([1], 5), ({}, "x"), ({}, "7"), ({}, "")):
            try:
                results.append(ns[name](log, obj, argument))
            except Err as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
