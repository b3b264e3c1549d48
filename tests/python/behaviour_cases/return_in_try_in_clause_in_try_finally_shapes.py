"""3.9/3.10: `return` in a try body inside an except clause of a
try/finally: the return leaves the inner try (POP_BLOCK), the clause
(POP_EXCEPT) and the outer try (POP_BLOCK), runs the finally body's copy,
then loads its constant. The walk took the POP_EXCEPT for the clause's end:
the return was lost and the code after the inner try ran (random program
24000:17283).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def return_in_try_in_clause_in_try_finally(log, a, b):
    try:
        log.append(1 / a)
    except ZeroDivisionError:
        try:
            return
        except KeyError:
            pass
        log.append(b[0])
    finally:
        log.append("finally")
    return "after"


def run_cases(ns):
    results = []
    for name in ("return_in_try_in_clause_in_try_finally",):
        for a, b in ((1, [2]), (0, [3]), (0, [])):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
