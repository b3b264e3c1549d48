"""Empty unpacking targets: `[] = value`, `for [] in items`, `a, [] = value`
(UNPACK_SEQUENCE 0, which no store follows). The walk waited for stores that
never came: the unpacking was dropped (or written once for two), nested ones
lost their whole statement, and `for [] in x` was refused (every version).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class CountsIterations:
    def __init__(self):
        self.started = 0

    def __iter__(self):
        self.started += 1
        return iter(())


def two_empty_unpackings(value):
    [] = value
    () = value
    return "ok"


def empty_target_in_for(items):
    n = 0
    for [] in items:
        n += 1
    return n


def nested_empty_targets(pair):
    a, [] = pair
    [b, []], d = pair, pair
    for c, [] in [pair]:
        d = c
    return a, b, d


def run_cases(ns):
    results = []
    counted = CountsIterations()
    for name, argument in [
        ("two_empty_unpackings", ()),
        ("two_empty_unpackings", counted),
        ("two_empty_unpackings", [1]),
        ("empty_target_in_for", [(), []]),
        ("empty_target_in_for", [(1,)]),
        ("nested_empty_targets", (1, ())),
        ("nested_empty_targets", (1, (2,))),
    ]:
        try:
            results.append(ns[name](argument))
        except ValueError as e:
            results.append(repr(e))
    return results, counted.started
