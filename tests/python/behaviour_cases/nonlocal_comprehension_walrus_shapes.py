"""A comprehension's walrus storing a variable the function declared
`nonlocal` (the store is in the comprehension's code object on 3.8-3.11
and for generator expressions): the declaration must stay, or the name
becomes a local of the decompiled function."""


def walrus_in_list_comprehension(entries):
    last = "unset"

    def scan(values):
        nonlocal last
        return [(last := v * 2) for v in values]

    return scan(entries), last


def walrus_in_generator_expression(entries):
    last = "unset"

    def scan(values):
        nonlocal last
        return sum((last := v) for v in values)

    return scan(entries), last


def run_cases(ns):
    results = []
    for name in ("walrus_in_list_comprehension", "walrus_in_generator_expression"):
        for entries in ([1, 2, 3], [], [5]):
            try:
                results.append(ns[name](entries))
            except Exception as e:
                results.append(type(e).__name__)
    return results
