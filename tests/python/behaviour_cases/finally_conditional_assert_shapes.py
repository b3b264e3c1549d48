"""`assert (p and q) if y else r, m` in a finally body: a conditional
expression tested as a condition, whose passing tests jump past the
assertion's raise. On 3.8 they jump straight to the finally body's
END_FINALLY; session 23's random programs (24000:3570) found those jumps
read as empty branches and the assertion as unconditional: the decompiled
function raised AssertionError where the original passed. Refused now
(safety/branch_stops.cpp); the function keeps its bytecode.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def conditional_assert_in_finally(y, p, q, r):
    try:
        pass
    finally:
        assert (p and q) if y else r, "failed"
    return "passed"


def run_cases(ns):
    results = []
    for args in ((1, 1, 1, 0), (1, 1, 0, 1), (0, 0, 0, 1), (0, 1, 1, 0)):
        try:
            results.append(ns["conditional_assert_in_finally"](*args))
        except AssertionError as error:
            results.append(repr(error))
    return results
