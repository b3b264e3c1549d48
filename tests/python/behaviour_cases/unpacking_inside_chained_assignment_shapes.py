"""`a = (y, z) = x = make()`: a name stored before an unpacking that is not
the chain's last target. The name was read as a walrus around the value,
`y, z = (a := make())`, and the copy stored after the unpacking as a second
assignment of its own, `a = x = make()`: make() ran twice (every version).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Box:
    pass


def unpacking_in_the_middle(make):
    a = (y, z) = x = make()
    return a is x, y, z


def two_unpackings_in_the_middle(make):
    box = Box()
    a = (y, z) = b = (p, q) = box.x = make()
    return a is b is box.x, y, z, p, q


def unpacking_last_or_first(make):
    a = b = (y, z) = make()
    (c, d) = e = m = make()
    return a is b, y, z, c, d, e is m


def run_cases(ns):
    calls = []

    def make():
        calls.append(1)
        return (len(calls), -len(calls))

    results = [ns["unpacking_in_the_middle"](make), len(calls)]
    results += [ns["two_unpackings_in_the_middle"](make), len(calls)]
    return results + [ns["unpacking_last_or_first"](make), len(calls)]
