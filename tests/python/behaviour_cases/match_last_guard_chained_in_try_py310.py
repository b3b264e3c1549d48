"""The last case tested with a guard that is a chained comparison, `case 2
if lo < v != 0:`, in a try body, then a default case that returns (difftest
finding try_match_guard_chained_then_raise, 3.11-3.15). The guard's first
link jumps to its cleanup (POP_TOP), not where the guard fails, so the
guard was read as an if statement in the case body, whose else branch took
the copy of the default case's return: the default case became `pass` and
the code after the match ran. The guard is now read whole (where the
default case's return in a try is not read yet, the function is refused)."""


def guard_then_default_return(b, v, log):
    try:
        match b:
            case 5:
                log.append("five")
            case 2 if v < 2 != 0:
                log.append("guarded")
            case _:
                return 3
        raise ValueError(b)
    except ValueError as e:
        log.append(str(e))


def guard_then_default_body(b, v, log):
    match b:
        case 5:
            log.append("five")
        case 2 if v < 2 != 0:
            log.append("guarded")
        case _:
            log.append("default")
    return len(log)


def run_cases(ns):
    results = []
    for name in ("guard_then_default_return", "guard_then_default_body"):
        for b, v in ((5, 0), (2, 1), (2, 0), (2, 3), (7, 1)):
            log = []
            results.append((ns[name](b, v, log), log))
    return results
