"""break / continue inside a with body inside a loop.

The with's exit call runs before the jump; such code failed to decompile
on every version ("code that the structuring did not reach"). Decompiled,
each exit must still run exactly once and the loop go on or stop as the
original does.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Recorder:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return len(self.log) % 2 == 0

    def __exit__(self, *exc):
        self.log.append("exit")
        return False


def for_with_continue(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                continue
            g(x)
        g(2)
    return 3


def for_with_break_then_code(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                break
            g(x)
    g(2)
    return 4


def while_with_break(cm, xs, g):
    items = list(xs)
    while items:
        with cm as flag:
            if items.pop():
                g(flag)
                break
            g(3)
    return len(items)


def for_try_with_continue(cm, xs, g):
    for x in xs:
        try:
            with cm:
                if x == 1:
                    continue
                g(x)
        except KeyError:
            continue
        g("after")
    return 5


def run_cases(ns):
    results = []
    for fn in ("for_with_continue", "for_with_break_then_code", "while_with_break", "for_try_with_continue"):
        for xs in ([], [0, 0], [0, 1, 0], [1, 0, 2], [2, 0]):
            log = []

            def g(*args, log=log):
                log.append(args)
                if args == (2,):
                    raise KeyError

            cm = Recorder(log)
            try:
                results.append((fn, xs, ns[fn](cm, xs, g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, xs, type(e).__name__, log))
    return results
