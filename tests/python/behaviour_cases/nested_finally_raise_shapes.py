"""A try/finally whose body always raises and whose finally body ends in a
raise of its own, nested in a try with a finally clause (difftest findings
nested_finally_raise and inner_finally_raise_lost, 3.9-3.15). The handler's
copy of the inner finally body has no closing re-raise; the walk looked for
one past the body and found the enclosing finally's, already read, so it
took the inner body's raise for that re-raise and dropped it: the inner
finally came out as `pass`, and the outer except clause ran with another
exception.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class E1(Exception):
    pass


class E2(Exception):
    pass


class E3(Exception):
    pass


class CM:
    def __init__(self, log, n):
        self.log, self.n = log, n

    def __enter__(self):
        self.log.append(("enter", self.n, repr(sys.exc_info()[1])))
        return self.n

    def __exit__(self, *exc):
        self.log.append(("exit", self.n, repr(exc[1]), repr(exc[1] and exc[1].__context__)))


def inner_finally_raise_under_outer_finally(log, a):
    try:
        try:
            raise E1(a)
        finally:
            raise E2(a)
    finally:
        log.append(("outer finally", repr(sys.exc_info()[1])))


def inner_finally_raise_then_with_in_clause(log, a):
    try:
        try:
            raise E1(1) from None
        finally:
            raise E2(2)
    except:
        with CM(log, a) as b:
            raise E3(b)
    finally:
        log.append(("finally", a))


def inner_finally_raise_of_walrus(log, a):
    global g1
    x, z = a, a + 1
    try:
        try:
            raise E1(x)
        finally:
            raise E2(g1 := z)
    except Exception as e5:
        log.append(("caught", repr(e5), repr(e5.__context__)))
    finally:
        del x
    return g1


def inner_finally_call_and_raise(log, a):
    try:
        try:
            raise E1(a)
        finally:
            log.append(("inner finally", repr(sys.exc_info()[1])))
            raise E2(a)
    except E2 as e:
        log.append(("caught", repr(e), repr(e.__context__)))
    finally:
        log.append(("outer finally", a))
    return a


def run_cases(ns):
    log, results = [], []
    for name in [
        "inner_finally_raise_under_outer_finally",
        "inner_finally_raise_then_with_in_clause",
        "inner_finally_raise_of_walrus",
        "inner_finally_call_and_raise",
    ]:
        for a in (0, 3):
            try:
                results.append(ns[name](log, a))
            except Exception as e:
                results.append((repr(e), repr(e.__context__), repr(e.__context__ and e.__context__.__context__)))
    return results, log
