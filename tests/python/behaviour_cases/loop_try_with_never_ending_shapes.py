"""A try ending a loop body whose body is a with statement whose own body
always raises: the loop goes round only where __exit__ suppresses the
exception. ≤3.10 read the try's body as running into the loop's follow,
and wrote `else: break` after the clauses: the loop stopped after one
round (random program 24000:54706); outside a loop, `else: return None`,
and the code after the try never ran (24000:39918).

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


def two_items_raising_in_loop_try(log, a, b):
    w0 = 0
    while w0 < a:
        w0 += 1
        try:
            with CM(log, 1, b), CM(log, 2, False):
                raise KeyError(w0)
        except KeyError:
            log.append("except")
    return w0


def one_item_raising_in_loop_try(log, a, b):
    w0 = 0
    while w0 < a:
        w0 += 1
        try:
            with CM(log, 1, b):
                raise KeyError(w0)
        except KeyError:
            log.append("except")
    return w0


def two_items_raising_in_try_then_code(log, a, b):
    if a:
        pass
    else:
        try:
            with CM(log, 1, b), CM(log, 2, False):
                raise KeyError(a)
        except KeyError:
            log.append("except")
        with CM(log, 3, False):
            log.append("after")
    return a


def run_cases(ns):
    results = []
    for name in ("two_items_raising_in_loop_try", "one_item_raising_in_loop_try", "two_items_raising_in_try_then_code"):
        for a, b in ((2, True), (3, False), (0, True)):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
