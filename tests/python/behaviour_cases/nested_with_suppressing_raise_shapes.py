"""A with statement of two items whose body always raises: the outer with
goes on only where the inner __exit__ suppresses the exception. ≤3.9 took
the code after the with for the outer handler's own and lost it: the
`return` after it in a try/finally (then the code after the try ran), the
code after it in an except clause, an else clause after it (random
programs 24000:34026, 25000:6197, 24000:53542, 25000:5074 and more).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class CM:
    def __init__(self, log, name, suppress):
        self.log, self.name, self.suppress = log, name, suppress

    def __enter__(self):
        self.log.append(("enter", self.name))
        return self.name

    def __exit__(self, kind, value, tb):
        self.log.append(("exit", self.name, kind and kind.__name__))
        return self.suppress


def return_after_in_try_finally(log, a, b):
    try:
        with CM(log, 1, a), CM(log, 2, False):
            raise KeyError(a)
        return "returned"
    finally:
        log.append("finally")
    return "after"


def else_return_in_second_with(log, a, b):
    with CM(log, 1, a), 0:
        return 0
    with CM(log, 3, False), CM(log, 4, False):
        try:
            log.append(b[0])
        except IndexError as e3:
            log.append("except")
        else:
            return b[0]
    return "after"


def run_cases(ns):
    results = []
    for name in ("return_after_in_try_finally", "else_return_in_second_with"):
        for a, b in ((True, [1]), (False, []), (True, []), (False, [2])):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
