"""3.12: an or condition before a short exit that the compiler copied, one
copy after the whole condition and one where an operand's jump goes
(difftest 9100:1818). Where the last operand falls into its own copy of
that exit, that copy is where the condition goes; read as the other
branch, the exit ran whichever way the condition went. `not c or d` with
d a chained comparison, and `c or not d`."""


def not_first_or_chain(a, b, d, e, log):
    if a:
        pass
    elif not b or d < e <= 5:
        return ("exit", log)
    log.append("after")
    return log


def first_or_not_chain(a, b, d, e, log):
    if a:
        pass
    elif b or not d < e <= 5:
        return ("exit", log)
    log.append("after")
    return log


def not_compare_or_chain(b, c, d, e, log):
    if not b < c or d < e <= 5:
        return ("exit", log)
    log.append("after")
    return log


def run_cases(ns):
    results = []
    for a in (0, 1):
        for b in (0, 1):
            for d, e in ((1, 2), (2, 1), (1, 9)):
                results.append(ns["not_first_or_chain"](a, b, d, e, []))
                results.append(ns["first_or_not_chain"](a, b, d, e, []))
                results.append(ns["not_compare_or_chain"](a, b, d, e, []))
    return results
