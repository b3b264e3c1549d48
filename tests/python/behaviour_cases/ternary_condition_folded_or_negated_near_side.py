"""`if (2 if b else c):` and `assert (not a) if b else c`: a conditional
expression tested as a condition whose near side is a true constant or a
`not` (difftest findings clause_ifexp_test_raise_then_loop,
try_ifexp_not_test_augassign, finally_assert_ifexp_reraise; 3.8, 3.9).

3.8 and 3.9 drop the test of a true constant, so the near side is only a
jump over the far side; and `not a` tests a with its two targets swapped.
Neither was read as a conditional expression: the sides became nested ifs
whose shared body ran on every path (in an except clause a `raise` after
them; in a try body the augmented assignment; in a finally body the
assert's raise became unconditional).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def folded_constant_in_clause(a, b, c, log):
    try:
        raise ValueError(0)
    except ValueError as e1:
        if 2 if b else c:
            raise KeyError(a)
    log.append("after")
    return a


def folded_not_constant_in_try(a, b, c, log):
    try:
        if not 0 if b else c:
            log.append("body")
        elif a:
            return 0
    except KeyError as e1:
        pass
    log.append("after")


def negated_near_side_assert_in_finally(a, b, c, log):
    try:
        log.append(0)
    finally:
        assert not a if b else c, 4
    log.append(1)


def negated_near_side_if(a, b, c, log):
    if not a if b else c:
        log.append("body")
    return len(log)


def run_cases(ns):
    results = []
    names = (
        "folded_constant_in_clause",
        "folded_not_constant_in_try",
        "negated_near_side_assert_in_finally",
        "negated_near_side_if",
    )
    for name in names:
        for a in (0, 1):
            for b in (0, 1):
                for c in (0, 1):
                    log = []
                    try:
                        result = ns[name](a, b, c, log)
                    except Exception as e:  # noqa: BLE001
                        result = type(e).__name__
                    results.append((name, a, b, c, result, log))
    return results
