"""A walrus in a comprehension binding a name the function declares
`global`. The store is in the comprehension's own code object (3.8-3.11
list, set and dict comprehensions; generator expressions on every
version), the function itself only reads the name: `global g1` was
dropped, so `g1` became a local of the decompiled function (a cell of
the comprehension) and the earlier read raised UnboundLocalError.

run_cases() makes the calls whose results (and the globals they leave)
must be the same with the decompiled functions."""

g1 = "unset"


def list_comprehension(c):
    global g1
    seen = g1
    return seen, [(g1 := v) for v in c]


def generator_expression(c):
    global g1
    seen = g1
    return seen, list((g1 := v * 2) for v in c)


def nested_comprehension(c):
    global g1
    seen = g1
    return seen, [[(g1 := v + w) for w in c] for v in c]


def run_cases(ns):
    out = []
    for name in ("list_comprehension", "generator_expression", "nested_comprehension"):
        for value in ([1, 2], []):
            ns["g1"] = "unset"
            try:
                out.append((name, ns[name](value), ns["g1"]))
            except Exception as e:
                out.append((name, type(e).__name__, ns["g1"]))
    return out
