"""The else clause of a try/except* whose body always raises is dropped
(3.11+), but a name it binds is still a local of the function: the
decompiled function left it out and read the global of that name.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

z = "global z"


def else_of_always_raising_body(log):
    try:
        raise ExceptionGroup("g", [KeyError(1)])
    except* KeyError:
        log.append("handled")
    else:
        z = 1
    return z


def run_cases(ns):
    log = []
    try:
        result = ns["else_of_always_raising_body"](log)
    except Exception as e:
        result = type(e).__name__
    return [result, log]
