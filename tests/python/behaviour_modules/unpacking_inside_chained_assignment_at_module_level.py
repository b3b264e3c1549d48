"""`a = (y, z) = x = make()` at module level: make() must run once. RESULT
is what must be the same decompiled."""

calls = []


def make():
    calls.append(1)
    return (len(calls), 0)


a = (y, z) = x = make()
RESULT = a, y, z, x, len(calls)
