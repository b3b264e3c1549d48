"""`x[lo:hi] += v`: 3.12+ load the bounds once and copy them (COPY 3 x3;
BINARY_SLICE ... STORE_SLICE). The load and the store built separate slice
nodes, so the in-place value was not matched to its target and was written
`x[lo():hi()] = x[lo():hi()] + v`: the bounds evaluated twice, and
`__add__` called instead of `__iadd__` (a list aliased elsewhere then kept
its old value).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def slice_bounds_from_calls(x, lo, hi):
    x[lo():hi()] += [9]
    return x


def slice_of_aliased_list(x, inner):
    x[0:1] += inner
    return x


class _InPlace:
    def __init__(self, log):
        self.log = log

    def __getitem__(self, key):
        self.log.append(("get", key.start, key.stop))
        return self

    def __setitem__(self, key, value):
        self.log.append(("set", key.start, key.stop, value is self))

    def __iadd__(self, other):
        self.log.append("iadd")
        return self

    def __add__(self, other):
        self.log.append("add")
        return other


def slice_in_place_protocol(obj):
    obj[1:2] += 3
    return obj.log


def run_cases(ns):
    calls = []

    def bound(tag, value):
        def call():
            calls.append(tag)
            return value

        return call

    first = ns["slice_bounds_from_calls"]([1, 2, 3, 4], bound("lo", 1), bound("hi", 3))
    data = [1, 2]
    second = ns["slice_of_aliased_list"]([data], [3])
    third = ns["slice_in_place_protocol"](_InPlace([]))
    return [first, second, third, calls]
