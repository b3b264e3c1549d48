"""Structural match patterns (3.10+): the decompiled patterns must test and
bind the same things (sequence items from the end after `*_`, class
keyword and positional sub-patterns, mapping values and `**rest`, `as`)."""


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return "Point(%r, %r)" % (self.x, self.y)


def classify(x):
    match x:
        case [a, *_, b]:
            return ("ends", a, b)
        case Point(x=0, y=y):
            return ("on y axis", y)
        case Point(a, [b, c] as pair):
            return ("pair", a, b, c, pair)
        case {"k": v, **rest}:
            return ("mapping", v, rest)
        case int() as n:
            return ("int", n)
    return ("other", x)


def nested(x):
    match x:
        case {"points": [Point(x=0, y=y), *others]}:
            return y, others
        case [[a, b], [c, *d]]:
            return a, b, c, d
    return None


def only_point(v):
    # A single structural case: no copy of the subject to tell it is a match.
    match v:
        case Point(x=0, y=y) if y > 1:
            return ("guarded", y)
        case _:
            return "default"


def only_sequence(v):
    match v:
        case [a, *rest]:
            return (a, rest)
    return None


def run_cases(ns):
    values = [
        [1, 2, 3], [1], (4, 5), "ab", Point(0, 7), Point(1, [2, 3]), Point(1, (2,)), {"k": 1, "z": 2},
        {"z": 1}, 5, True, 2.5,
    ]
    results = [ns["classify"](v) for v in values]
    for v in ({"points": [Point(0, 1), 2]}, {"points": [Point(1, 1)]}, [[1, 2], [3, 4, 5]], [[1], [2]]):
        results.append(ns["nested"](v))
    for v in (Point(0, 7), Point(0, 1), Point(1, 7), [1, 2], [], "xy", 5):
        results.append((ns["only_point"](v), ns["only_sequence"](v)))
    return results
