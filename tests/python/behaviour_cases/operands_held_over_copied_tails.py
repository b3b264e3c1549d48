"""`finally: z = o.v(o.a if o.x else o.b if o.y else o.c, 2)` after a
try body that always raises: 3.10+ copy the call's short tail (and the
re-raise) into each branch of the nested conditional value, so the
function `o.v` waits on the stack while `o.x` is tested. Session 23: read as
an if statement, each branch looked up `o.v` after the test (random program
24000:2917 raised NameError for the test's name instead of the function's);
such an if statement is now refused and the function keeps its bytecode.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def nested_conditional_in_finally(o):
    try:
        raise KeyError("body")
    finally:
        z = o.v(o.a if o.x else o.b if o.y else o.c, 2)


def run_cases(ns):
    log = []

    class Watched:
        def __init__(self, x, y):
            self._x, self._y = x, y

        def __getattr__(self, name):
            log.append(name)
            if name == "v":
                return lambda value, n: (value, n)
            if name == "x":
                return self._x
            if name == "y":
                return self._y
            return name

    results = []
    for x, y in ((1, 0), (0, 1), (0, 0)):
        watched = Watched(x, y)
        try:
            ns["nested_conditional_in_finally"](watched)
        except KeyError as error:
            results.append(repr(error))
        results.append(list(log))
        del log[:]
    return results
