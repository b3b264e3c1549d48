"""`if a or b: return C` ending a try body with an except clause, code
after the try (3.12+: the return, and the POP_TOPs of the iterators it
drops, lie outside the protection, reached from both operands)."""


def or_return(a, b, t, log):
    try:
        if t(a) or t(b):
            return 3
    except Exception:
        log.append("clause")
    log.append("after")


def or_return_after_call(a, b, t, log):
    try:
        log.append("body")
        if t(a) or t(b):
            return 3
    except Exception:
        log.append("clause")
    log.append("after")


def or_return_more_body(a, b, t, log):
    try:
        if t(a) or t(b):
            return 3
        log.append("body")
    except Exception:
        log.append("clause")
    else:
        log.append("else")
    log.append("after")


def return_in_for_loop(a, b, t, log):
    for _ in range(2):
        try:
            if t(a):
                return 3
        except Exception:
            log.append("clause")
        log.append("after")


def or_return_in_nested_for_loops(a, b, t, log):
    for _ in range(2):
        for _ in range(2):
            try:
                if t(a) or t(b):
                    return 3
            except Exception:
                log.append("clause")
            log.append("after")
