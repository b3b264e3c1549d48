"""3.10+ inverted while loops whose test has an operand with a short-circuit
of its own (`x[:p or None]`).

The test is read in parts; the latch's copy of the earlier operand was taken
as part of the later ones, so `while A and B and C` printed as
`if A: while B and C` and stopped re-testing A (traceback's
_levenshtein_distance on 3.12+, caught by the stdlib tests). It must run the
same or not decompile."""


def trim_common_suffix(a, b):
    post = 0
    while a[:post or None] and b[:post or None] and a[post - 1] == b[post - 1]:
        post -= 1
    return post


def run_cases(ns):
    pairs = [("", ""), ("abc", "xbc"), ("abc", "abc"), ("ab", "b"), ("aXc", "bc"), ("c", "abc")]
    return [ns["trim_common_suffix"](a, b) for a, b in pairs]
