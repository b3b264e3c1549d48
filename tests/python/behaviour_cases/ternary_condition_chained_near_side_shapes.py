"""A conditional expression tested as a condition whose near side (the one
laid out first) is a chained comparison, `if (lo <= v < hi if g else w):`.
The comparison's cleanup block (POP_TOP; jump) comes before the far side
and its last jump goes past it, so the ternary reading gave up and the
sides became nested ifs. Inside a with (the false path going to the with's
exit) the body then ran on every path (difftest finding
with_match_guard_ifexp_chained, 3.11-3.15); in a try body on 3.8/3.9 the
wrong value was assigned or the if's body ran where it did not
(ifexp_chained_compare_test, ifexp_chained_near_side_test_py38)."""


class Manager:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")

    def __exit__(self, *exc):
        self.log.append("exit")


def in_with(v, g, w, log):
    with Manager(log):
        if 0 <= v < 3 if g else w:
            log.append("body")
            return "inside"
    return "after"


def assigned_in_try(v, g, w, log):
    x = None
    try:
        x = "yes" if (0 <= v < 3 if g else w) else "no"
    finally:
        log.append(x)
    return x


def elif_in_try_finally(v, g, w, log):
    try:
        if 0 <= v < 3 if g else w:
            log.append("then")
        elif w:
            raise ValueError(v)
    finally:
        log.append("finally")


def run_cases(ns):
    results = []
    for name in ("in_with", "assigned_in_try", "elif_in_try_finally"):
        for v, g, w in ((1, True, 0), (5, True, 1), (5, False, 1), (1, False, 0), (-1, True, 1), (2, 0, "")):
            log = []
            try:
                results.append((ns[name](v, g, w, log), log))
            except Exception as e:
                results.append((type(e).__name__, log))
    return results
