"""`return CONSTANT` inside an except clause inside a for loop.

The return unwinds the clause (POP_EXCEPT) and pops the loop's iterator
before it loads the constant. The walk took that POP_EXCEPT for the
clause's end: `if key: return 5` + `value = 0` in the clause became
`if not key: value = 0` + `return 5` (every version), and a for/else in the
clause whose else returns lost the else (`return 5` after the loop, run
after a break too).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def return_in_if_in_clause(names, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            if key:
                return 5
            value = 0
        results.append(value)
    return results


def for_else_return_in_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                return 5
        results.append(value)
    return results


def run_cases(ns):
    results = []

    def getter(key):
        if key in ("a", "", "c"):
            raise AttributeError(key)
        return key * 2

    for names in (["x"], ["x", "", "y"], ["x", "a", "y"], ["c"]):
        for name in ("return_in_if_in_clause", "for_else_return_in_clause"):
            if name == "return_in_if_in_clause":
                outcome = ns[name](names, getter, [])
            else:
                outcome = ns[name](names, [{"a": 1}, {"b": 2}], getter, [])
            results.append((name, names, outcome))
    return results
