"""A finally body ending in a written `raise E(a)` (or `return`) after a
nested statement: a try/except, a with, an if, a try/finally (difftest
findings finally_ends_in_raise and finally_ends_in_raise_after_with, 3.9
and 3.10). The handler's copy of such a body has no closing re-raise (3.9
keep it, dead, after the raise); the re-raise of the nested except clause
that nothing matched was taken for it, the written raise dropped as that
re-raise, and a bare `raise` came out after the try statement: the normal
path then failed with RuntimeError instead of raising E1.

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
        self.log.append(("exit", self.n, repr(exc[1])))


def step(log, x):
    log.append(("step", x, repr(sys.exc_info()[1])))
    if x == 2:
        raise E2(x)
    if x == 3:
        raise E3(x)
    return x


def raise_after_try_except(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        except E2:
            pass
        raise E1(a)


def raise_after_with(log, a, b):
    try:
        step(log, a)
    finally:
        with CM(log, b):
            pass
        raise E1(a)


def raise_after_if(log, a, b):
    try:
        step(log, a)
    finally:
        if b:
            step(log, 0)
        raise E1(a)


def raise_after_try_finally(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        finally:
            log.append("inner finally")
        raise E1(a)


def raise_after_bare_except(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        except:
            pass
        raise E1(a)


def raise_after_clauses_of_try_except(log, a, b):
    try:
        step(log, a)
    except E3:
        step(log, 5)
    finally:
        try:
            step(log, b)
        except E2:
            pass
        raise E1(b)


def return_after_try_except(log, a, b):
    try:
        step(log, a)
    finally:
        try:
            step(log, b)
        except E2:
            log.append("E2")
        except E3 as e:
            log.append(repr(e))
        return a


def raise_after_try_except_in_loop(log, a, b):
    for x in (a, b):
        try:
            step(log, x)
        finally:
            try:
                step(log, b)
            except E2:
                pass
            raise E1(x)


def caught_after_nested_finally(log, a, b):
    try:
        try:
            step(log, a)
        finally:
            try:
                step(log, b)
            except E2:
                pass
            raise E1(a)
    except E1 as e:
        log.append(("caught", repr(e), repr(e.__context__)))
        return 3


def run_cases(ns):
    log, results = [], []
    for name in [
        "raise_after_try_except",
        "raise_after_with",
        "raise_after_if",
        "raise_after_try_finally",
        "raise_after_bare_except",
        "raise_after_clauses_of_try_except",
        "return_after_try_except",
        "raise_after_try_except_in_loop",
        "caught_after_nested_finally",
    ]:
        for a, b in ((0, 1), (2, 0), (3, 2), (0, 3)):
            try:
                results.append(ns[name](log, a, b))
            except Exception as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
