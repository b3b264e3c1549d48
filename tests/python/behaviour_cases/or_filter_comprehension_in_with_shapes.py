"""3.13+: a comprehension with an `or` filter inside a with body was refused
("comprehension body is not a single loop nest"): the `or`'s jumps are left
out of the with's protection and the filter came out as nested skips.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

import contextlib


def or_filter_in_with(xs, a, b):
    with contextlib.nullcontext():
        return [x for x in xs if x > a or x < b]


def three_way_or_filter_in_with(xs, a, b):
    with contextlib.nullcontext() as n:
        ys = [x for x in xs if x == a or x == b or not x]
        zs = {x: n for x in xs if (x or a) and b}
    return ys, zs


def run_cases(ns):
    return ns["or_filter_in_with"](range(10), 7, 2), ns["three_way_or_filter_in_with"](range(6), 3, 4)
