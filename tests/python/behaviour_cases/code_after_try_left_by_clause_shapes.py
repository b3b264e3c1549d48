"""Code after a try/except whose body never falls through, reached from
the except clause alone, must stay after the try statement: inside the
clause it runs while the exception is still handled (`sys.exc_info()`,
the context of a later exception). Difftest findings:
clause_tail_after_if_else (3.13-3.15: each branch of an if/else ending the
clause has its own copy of the clause's end, and the if's join, the code
after the try, was read as more of the clause) and async_with_clause_tail
(3.10: in a with or async with body, the code after the clause's
POP_EXCEPT was read as the clause's own).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import sys


class E1(Exception):
    pass


def snap(log, what):
    log.append((what, repr(sys.exc_info()[1])))


class CM:
    def __init__(self, log, n):
        self.log, self.n = log, n

    def __enter__(self):
        snap(self.log, "enter")
        return self.n

    def __exit__(self, *exc):
        self.log.append(("exit", repr(exc[1])))


class ACM(CM):
    async def __aenter__(self):
        return self.__enter__()

    async def __aexit__(self, *exc):
        return self.__exit__(*exc)


def if_else_ending_clause(log, a, b):
    try:
        raise E1(a)
    except:
        if b:
            pass
        else:
            pass
    snap(log, "after")
    return b


def if_else_with_calls_ending_clause(log, a, b):
    try:
        raise E1(a)
    except:
        if b:
            snap(log, "then")
        else:
            snap(log, "else")
    snap(log, "after")
    return 1 // a


def if_else_ending_typed_clause(log, a, b):
    try:
        raise E1(a)
    except E1 as e:
        if b:
            log.append(repr(e))
        else:
            snap(log, "else")
    snap(log, "after")
    return 1 // a


def clause_then_code_in_with(log, a, b):
    with CM(log, b):
        try:
            raise E1(a)
        except:
            pass
        snap(log, "after")
        x = 2 // a
    return x


def clause_then_return_in_with(log, a, b):
    with CM(log, b):
        try:
            raise E1(a)
        except:
            pass
        snap(log, "after")
        return 2 // a


async def clause_then_code_in_async_with(log, a, b):
    async with ACM(log, b):
        try:
            raise E1(a)
        except:
            pass
        snap(log, "after")
        x = 2 // a


def run_cases(ns):
    log, results = [], []
    for name in [
        "if_else_ending_clause",
        "if_else_with_calls_ending_clause",
        "if_else_ending_typed_clause",
        "clause_then_code_in_with",
        "clause_then_return_in_with",
        "clause_then_code_in_async_with",
    ]:
        for a, b in ((0, 1), (3, 0), (2, 4)):
            try:
                result = ns[name](log, a, b)
                if hasattr(result, "send"):
                    try:
                        result.send(None)
                    except StopIteration as stop:
                        result = ("done", stop.value)
                results.append(result)
            except Exception as e:
                results.append((repr(e), repr(e.__context__)))
    return results, log
