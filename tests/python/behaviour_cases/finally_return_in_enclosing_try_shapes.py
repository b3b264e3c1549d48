"""A `return` ending a finally body inside an enclosing try. 3.8 shares one
finally body among all paths: the return leaves the enclosing try's
protection (POP_BLOCK) right before RETURN_VALUE, where the walk of the
finally body stopped, and the return was lost (`finally: pass`, the
function returned None).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def return_in_finally_in_try_except(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            return b
    except ZeroDivisionError:
        log.append("except")


def return_expression_in_finally_in_try_except(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            log.append("finally")
            return a + b
    except TypeError:
        log.append("except")
    return "after"


def return_none_in_finally_in_try_except(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            return
    except ZeroDivisionError:
        log.append("except")
    return "after"


def return_in_finally_in_try_finally(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            return b
    finally:
        log.append("outer")


def conditional_return_in_finally_in_try_except(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            if b:
                return b
    except ZeroDivisionError:
        log.append("except")
    return "after"


def run_cases(ns):
    results = []
    for name in (
        "return_in_finally_in_try_except",
        "return_expression_in_finally_in_try_except",
        "return_none_in_finally_in_try_except",
        "return_in_finally_in_try_finally",
        "conditional_return_in_finally_in_try_except",
    ):
        for a, b in ((1, 2), (0, 3), (0, 0), ("x", 1), (2, "y")):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
