"""`self.a = name = other.b = make()`: the value is stored to an attribute
first, then to a name, then to another target. One reading wrote the first
store as an assignment of its own and the rest as another, calling make()
twice. Session 13: so were chains of unpackings, `a, b = c, d = make()`
and `a, b = x = c, d = make()` (the middle name read as a walrus).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Box:
    pass


def chain(make):
    first, second = Box(), Box()
    first.root = root = second.root = make()
    first.a = b = c = make()
    return root is first.root is second.root, b is c is first.a


def chain_of_unpackings(make):
    a, b = c, d = make()
    (e, f), g = (h, i), j = make(), make()
    k, m = x = n, o = make()
    return a is c and b is d, e is h and f is i and g is j, (k, m) == x == (n, o)


def run_cases(ns):
    calls = []

    def make():
        calls.append(1)
        return object()

    def pair():
        calls.append(2)
        return object(), object()

    first = [ns["chain"](make), len(calls)]
    return first + [ns["chain_of_unpackings"](pair), len(calls)]
