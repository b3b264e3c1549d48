"""`self.a = name = other.b = make()`: the value is stored to an attribute
first, then to a name, then to another target. One reading wrote the first
store as an assignment of its own and the rest as another, calling make()
twice.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Box:
    pass


def chain(make):
    first, second = Box(), Box()
    first.root = root = second.root = make()
    first.a = b = c = make()
    return root is first.root is second.root, b is c is first.a


def run_cases(ns):
    calls = []

    def make():
        calls.append(1)
        return object()

    return [ns["chain"](make), len(calls)]
