"""A while loop with an else clause ending a finally body, left by
`break`: the break goes straight to the end of the finally body (a jump
to, 3.10+ a copy of, the handler copy's closing RERAISE; 3.8 its
END_FINALLY). It was read as a bare `raise` (3.9+) or dropped (3.8: the
loop never ended), the else clause written after the loop, where the
break ran it too (probe seed 14, g14_192). Now refused.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_else_break_ending_finally(a, b, log):
    try:
        log.append("body")
    finally:
        while a:
            if b:
                a = 0
                continue
            break
        else:
            log.append("else")
    return "end"


def while_break_ending_finally(a, b, log):
    try:
        log.append("body")
    finally:
        while a:
            if b:
                a = 0
                continue
            break
    return "end"


def run_cases(ns):
    results = []
    for name in ("while_else_break_ending_finally", "while_break_ending_finally"):
        for a in (0, 1):
            for b in (0, 1):
                log = []
                try:
                    result = ns[name](a, b, log)
                except Exception as e:  # noqa: BLE001
                    result = type(e).__name__
                results.append((name, a, b, result, log))
    return results
