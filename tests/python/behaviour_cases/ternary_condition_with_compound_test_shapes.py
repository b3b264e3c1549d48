"""`if (b if g and h else a): return 1`: a conditional expression tested
as a condition, whose own test is an and/or or a chained comparison
(difftest finding clause_ifexp_test_return, every version). The ternary
reading looked only at a test of one jump; the and/or test was read
alone and the two sides became nested ifs whose true paths share the
return. In an except clause that became `if g and h: if b: pass elif a:
pass` then `return 1` on every path.

Also a side that is a chained comparison, `if g1 if y else b < a < 4:
... elif a: raise` in a try body (difftest finding
if_ifexp_chained_test_elif, 3.8, 3.9, 3.11-3.15): the sides became nested
ifs and the body was placed after them, run on every path.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def and_test_in_named_clause(a, b, g, log):
    try:
        raise ValueError(0)
    except Exception as e1:
        if b if g and g else a:
            return 1
    log.append("after")


def or_test_in_clause(a, b, g, log):
    try:
        raise ValueError(0)
    except Exception:
        if b if g or log else a:
            return 1
    log.append("after")


def chained_test_in_named_clause(a, b, g, log):
    try:
        raise ValueError(0)
    except Exception as e1:
        if b if 0 < g < 2 else a:
            return 1
    log.append("after")


def and_test_plain(a, b, g, log):
    if b if g and a else a:
        return 1
    log.append("after")


def and_test_in_for_loop(a, b, g, log):
    for _ in range(2):
        if b if g and g else a:
            return 1
        log.append("after")


def and_test_then_and(a, b, g, log):
    try:
        raise ValueError(0)
    except Exception as e1:
        if (b if g and g else a) and log is not None:
            return 1
    log.append("after")


def chained_side_elif_in_try(a, b, g, log):
    y = g
    try:
        if log if y else b < a < 4:
            log.append("body")
        elif a:
            raise ValueError(a)
    finally:
        log.append("finally")
    return 0


def run_cases(ns):
    results = []
    names = ("and_test_in_named_clause", "or_test_in_clause", "chained_test_in_named_clause", "and_test_plain",
             "and_test_in_for_loop", "and_test_then_and", "chained_side_elif_in_try")
    for name in names:
        for a in (0, 1):
            for b in (0, 1):
                for g in (0, 1, 2):
                    log = []
                    try:
                        result = ns[name](a, b, g, log)
                    except Exception as e:  # noqa: BLE001
                        result = type(e).__name__
                    results.append((name, a, b, g, result, log))
    return results
