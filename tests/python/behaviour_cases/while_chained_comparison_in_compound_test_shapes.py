"""`while a <= s[i] <= b or c(i):` (3.10-3.13): decompiled correctly but as
an if around two copies of the loop; now one while loop again. The output
must still run the same.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def chain_then_or(s, a, b, c):
    i = 0
    while a <= s[i] <= b or c(i):
        i += 1
    return i


def or_then_chain(s, a, b, c):
    i = 0
    while c(i) or a <= s[i] <= b:
        i += 1
    return i


def chain_then_and(s, a, b, c):
    i = 0
    while a < s[i] < b and c(i):
        i += 1
    return i


def run_cases(ns):
    results = []
    for name in ["chain_then_or", "or_then_chain", "chain_then_and"]:
        results.append(ns[name]([1, 2, 3, 9, 2], 1, 3, lambda i: i < 0))
        results.append(ns[name]([5, 1, 2, 0, 9], 1, 3, lambda i: i == 0))
        results.append(ns[name]([2, 2, 5, 1], 1, 3, lambda i: i < 1))
    return results
