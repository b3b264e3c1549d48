"""A walrus as an item of a tuple assignment's display.

`a, g1 = t(l9), (g0 := 4)` was read as `__temp_1 = (g0 := 4)` first and
the other stores after it: the walrus ran before the items left of it
(before their exception), and in other shapes the walrus's value was
evaluated twice (`b, z = len, (y := h7(x))` came back as `y = z = h7(x)`
after `b = len`). With an await, the item after it was spilled before the
await (`y, y = (a := await aw(a)), t(b)`).

run_cases() makes the calls whose results (or exceptions), the call log
and the globals left must be the same with the decompiled functions."""

g0 = "unset"
g1 = "unset"
LOG = []


def t(v):
    LOG.append(("t", v))
    if v is None:
        raise ValueError("t")
    return v


def walrus_last_global(a, b, c):
    global g0, g1
    a, g1 = (t(b), (g0 := 4))
    return a


def walrus_last_calls(a, b, c):
    a, b = (t(c), (c := t(b)))
    return a, b, c


def walrus_first(a, b, c):
    a, b = ((c := t(a)), t(b))
    return a, b, c


def walrus_in_middle(a, b, c):
    a, b, x = (t(b), (c := t(c)), t(a))
    return a, b, c, x


def walrus_of_call(a, b, c):
    b, z = (len, (y := t(c)))
    return b, z, y


async def aw(v):
    LOG.append(("aw", v))
    return v


async def await_walrus_first(a, b, c):
    y, y = ((a := await aw(a)), t(b))
    return a, y


def run_cases(ns):
    del LOG[:]
    out = []
    for name in ("walrus_last_global", "walrus_last_calls", "walrus_first", "walrus_in_middle", "walrus_of_call",
                 "await_walrus_first"):
        for args in ((1, 2, 3), (None, 5, None), (0, None, 6)):
            ns["g0"] = ns["g1"] = "unset"
            try:
                result = ns[name](*args)
                if name.startswith("await"):
                    try:
                        result.send(None)
                    except StopIteration as stop:
                        result = stop.value
                out.append((name, result, ns["g0"], ns["g1"]))
            except Exception as e:
                out.append((name, type(e).__name__, ns["g0"], ns["g1"]))
    out.append(list(LOG))
    return out
