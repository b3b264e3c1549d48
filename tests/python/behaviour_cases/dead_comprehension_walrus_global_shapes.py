"""A comprehension whose walrus binds a name the function declares `global`,
in code the optimizer drops (after a return or a raise). 3.12+ list that
global in co_varnames (the inlined comprehension's symbol table), and with
the comprehension gone nothing stores it, so it was put back as a local
bound only in dead code (`if False: g1 = None`): every live read of the
global then raised UnboundLocalError (difftest 22000:3775 and five more
known findings, 3.12-3.15).

run_cases() makes the calls whose results (and the globals they leave)
must be the same with the decompiled functions."""

g1 = "unset"


def dict_comprehension_after_return(c):
    global g1
    seen = g1
    return seen
    {v: (g1 := 3) for v in c}


def list_comprehension_after_raise(c):
    global g1
    seen = g1
    if c:
        raise ValueError(seen)
    return seen
    [(g1 := v) for v in c]


def bare_return_before_set_comprehension(c):
    global g1
    c.append(g1)
    return
    {(g1 := v) for v in c}


def run_cases(ns):
    out = []
    for name in (
        "dict_comprehension_after_return",
        "list_comprehension_after_raise",
        "bare_return_before_set_comprehension",
    ):
        for value in ([1, 2], []):
            ns["g1"] = "unset"
            try:
                out.append((name, ns[name](value), ns["g1"]))
            except Exception as e:
                out.append((name, type(e).__name__, str(e), ns["g1"]))
    return out
