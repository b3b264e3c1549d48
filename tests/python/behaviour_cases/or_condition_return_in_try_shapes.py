"""`if a or b: return C` ending a try body with an except clause, code
after the try. 3.12+ leave `return CONSTANT` (and, in a for loop, the
POP_TOP of each iterator it drops) out of the protection: the return was
reached by a jump from the first operand and by falling from the second,
taken for the if's join, so the body read `if a or b: pass` and the
return moved into an else clause: the code after the try never ran. In a
for loop, even `if a: return C` was read so.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


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


def run_cases(ns):
    results = []
    names = ("or_return", "or_return_after_call", "or_return_more_body", "return_in_for_loop",
             "or_return_in_nested_for_loops")
    for name in names:
        for a in (0, 1, "raise"):
            for b in (0, 1, "raise"):
                log = []

                def t(value):
                    log.append(value)
                    if value == "raise":
                        raise ValueError(value)
                    return value

                try:
                    result = ns[name](a, b, t, log)
                except Exception as e:  # noqa: BLE001
                    result = type(e).__name__
                results.append((name, a, b, result, log))
    return results
