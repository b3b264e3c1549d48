"""3.12+: `return CONSTANT` in a branch of a try body whose finally body
returns itself. The constant is never loaded: the branch is the return's
NOP (kept for its line) and the finally's copy, ending in the finally's own
return. Read as a branch falling off its end, the code after the if ran
(difftest finding try_elif_chained_return_then_assign, 3.12-3.15); such
functions are refused until the reading is right."""


def elif_return(a, log):
    try:
        if a == 1:
            pass
        elif 2 <= a <= 4:
            return 4
        log.append("after if")
    except ValueError:
        pass
    finally:
        return log.append("finally")


def elif_bare_return(a, log):
    try:
        if a == 1:
            log.append("one")
        elif a <= 4:
            return
        log.append("after if")
    except ValueError:
        pass
    finally:
        return len(log)


def run_cases(ns):
    results = []
    for name in ("elif_return", "elif_bare_return"):
        for a in (0, 1, 3, 5):
            log = []
            results.append((ns[name](a, log), log))
    return results
