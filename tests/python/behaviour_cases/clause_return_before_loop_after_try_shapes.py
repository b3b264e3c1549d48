"""`except E: if not c: return` after a try body that returns, with a loop
after the try: ≤3.9 found the if's branches meeting at the implicit
`return None` after the loop (the branch that leaves the clause jumps to
the loop, which runs on to it), and the walk went on there, inside the
clause: the clause ended in `return None` and the loop never ran (random
program 24000:46358). Refused.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def clause_return_then_while(log, a, b):
    try:
        return 1 / a
    except ZeroDivisionError as e1:
        if not b:
            return
    w0 = 0
    while w0 < 2:
        w0 += 1
        log.append(w0)


def clause_return_then_for(log, a, b):
    try:
        return 1 / a
    except ZeroDivisionError:
        if not b:
            return
    for x in b:
        log.append(x)


def run_cases(ns):
    results = []
    for name in ("clause_return_then_while", "clause_return_then_for"):
        for a, b in ((1, [2]), (0, [3, 4]), (0, [])):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
