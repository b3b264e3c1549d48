"""A `while True:` loop ending in a try whose except clause asserts, in a
finally body.

3.14 load locals strongly after a try statement in a loop body (its
optimize_load_fast never visits that code): taken for the code after a
final `break`, the assert was once read as `if not x: break` plus an
`assert 0, ...` after the loop, which raised AssertionError where the
original went round the loop (the difftest finding
finally_while_with_then_clause_assert).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def clause_assert(items, cm, log):
    try:
        raise ValueError("body")
    finally:
        n = 0
        while True:
            n += 1
            if n > 2:
                break
            with cm(n) as x:
                log.append(("with", x))
            try:
                a, b = items[n]
                log.append(("pair", a, b))
            except TypeError:
                assert x, log.append("assert")


class _CM:
    def __init__(self, value):
        self.value = value

    def __enter__(self):
        return self.value

    def __exit__(self, *exc):
        return False


def run_cases(ns):
    results = []
    for items in ([0, (1, 2), (3, 4)], [0, 5, 6], [0, (1, 2), 7]):
        log = []
        try:
            ns["clause_assert"](items, _CM, log)
        except Exception as e:  # the exception is part of the behaviour
            results.append((type(e).__name__, log))
        else:
            results.append(("returned", log))
    return results
