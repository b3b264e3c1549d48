"""`if c: pass` `else: return` followed by more code in an except clause
(difftest finding clause_else_return_dropped, 3.10-3.15). The else
branch's return leaves the clause (POP_EXCEPT, the name unbound) and
returns None exactly as the copy of the implicit return at the clause's
end does, and nothing falls into it: it was taken for that copy and
dropped, so the code after the if ran on that path too.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def named_else_return(a, b, log):
    try:
        raise ValueError(a)
    except ValueError as e1:
        if sum(0 for v in [b] for w in range(b)):
            pass
        else:
            return
        log.append("after if")


def named_else_return_generator_test(a, b, log):
    try:
        raise ValueError(a)
    except ValueError as e1:
        if a:
            log.append("then")
        else:
            return
        log.append("after if")


def clause_else_return(a, b, log):
    try:
        raise ValueError(a)
    except ValueError:
        if a:
            pass
        else:
            return
        log.append("after if")


def clause_then_return(a, b, log):
    try:
        raise ValueError(a)
    except ValueError as e:
        if a:
            return
        log.append("after if")
    log.append("after try")


def run_cases(ns):
    results = []
    names = ("named_else_return", "named_else_return_generator_test", "clause_else_return", "clause_then_return")
    for name in names:
        for a in (0, 1):
            for b in (0, 1, 2):
                log = []
                try:
                    result = ns[name](a, b, log)
                except Exception as e:  # noqa: BLE001
                    result = type(e).__name__
                results.append((name, a, b, result, log))
    return results
