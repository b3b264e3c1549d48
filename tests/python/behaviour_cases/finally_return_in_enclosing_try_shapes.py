"""A `return` ending a finally body inside an enclosing try. 3.8 shares one
finally body among all paths: the return leaves the enclosing try's
protection (POP_BLOCK) right before RETURN_VALUE, where the walk of the
finally body stopped, and the return was lost (`finally: pass`, the
function returned None). Two or more finally bodies deep, or in an except
clause (its POP_EXCEPT taken for the clause's end), the return was read
after the inner try statement, where it no longer swallowed the exception
(random programs 24000:33375, 24000:38408); in a branch of a finally body
inside an enclosing try/finally it was lost (25000:6090).

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


def return_in_finally_in_finally_in_try_except(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            try:
                log.append(b[0])
            finally:
                return
    except ZeroDivisionError:
        log.append("except")


def return_in_finally_in_except_clause_in_try_finally(log, a, b):
    try:
        log.append(1 / a)
    except Exception:
        try:
            log.append(b[0])
        finally:
            return
    finally:
        log.append(a + 1)
    return "after"


def loop_return_in_finally_in_try_finally(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            while 0 < b:
                return
    finally:
        log.append("outer")
    return "after"


def run_cases(ns):
    results = []
    for name in (
        "return_in_finally_in_try_except",
        "return_expression_in_finally_in_try_except",
        "return_none_in_finally_in_try_except",
        "return_in_finally_in_try_finally",
        "conditional_return_in_finally_in_try_except",
        "return_in_finally_in_finally_in_try_except",
        "return_in_finally_in_except_clause_in_try_finally",
        "loop_return_in_finally_in_try_finally",
    ):
        for a, b in ((1, 2), (0, 3), (0, 0), ("x", 1), (2, "y")):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
