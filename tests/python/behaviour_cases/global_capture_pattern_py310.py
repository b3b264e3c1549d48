"""Capture patterns binding a name declared `global` (3.10+).

The pattern reader consumed the STORE_GLOBAL of `case [g0, *_]` and
`case int(g0)` itself, so no `global g0` was written: the decompiled
function bound a local and the global kept its old value.

run_cases() makes the calls whose results (and the globals they leave)
must be the same with the decompiled functions."""

g0 = "unset"
g1 = "unset"


def capture_in_sequence(c):
    global g0
    match c:
        case [g0, *_]:
            pass


def capture_in_class_pattern(c):
    global g1
    match c:
        case int(g1):
            return "int"
    return "other"


def run_cases(ns):
    out = []
    for value in ([1, 2], [], [7], 5, "s"):
        ns["g0"] = ns["g1"] = "unset"
        out.append((ns["capture_in_sequence"](value), ns["capture_in_class_pattern"](value), ns["g0"], ns["g1"]))
    return out
