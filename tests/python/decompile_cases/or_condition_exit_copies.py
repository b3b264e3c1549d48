# An or condition before a short exit that 3.10+ copy: one copy after the
# whole condition, one where an operand's jump goes. The last operand
# falling into its own copy, that copy is where the condition goes.


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
