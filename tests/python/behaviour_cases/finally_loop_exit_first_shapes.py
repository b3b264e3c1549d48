"""A finally body inside a loop that starts by leaving it (`break`,
`continue`, `return CONSTANT`): ≤3.10 its handler copy starts by dropping
the exception (POP_TOP x3; POP_EXCEPT), like a bare except clause. 3.9 read
`finally: break` in a for loop as `except: pass` after a break ending the
try body, so an exception went on with the loop instead of leaving it.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def for_break(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
        finally:
            break
    return n


def for_continue(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
        finally:
            continue
    return n


def while_break(xs):
    n = 0
    i = 0
    while i < len(xs):
        i += 1
        try:
            n += 1 / xs[i - 1]
        finally:
            break
    return n


def while_continue(xs):
    n = 0
    i = 0
    while i < len(xs):
        i += 1
        try:
            n += 1 / xs[i - 1]
        finally:
            continue
    return n


def for_return_constant(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
        finally:
            return 7
    return n


def for_break_after_call(log, xs):
    for x in xs:
        try:
            log.append(1 / x)
        finally:
            log.append("finally")
            break
    return log


def for_break_else(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
        finally:
            break
    else:
        n = -1
    return n


def for_break_in_body_and_finally(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
            if n > 1:
                break
        finally:
            continue
    return n


def run_cases(ns):
    results = []
    for name in ("for_break", "for_continue", "while_break", "while_continue", "for_return_constant",
                 "for_break_else", "for_break_in_body_and_finally"):
        for xs in ([], [1], [0], [0, 1], [1, 0, 2], [2, 2, 2], ["a", 1]):
            try:
                results.append((name, xs, ns[name](xs)))
            except Exception as error:
                results.append((name, xs, type(error).__name__))
    for xs in ([], [0], [1, 0]):
        log = []
        try:
            results.append(ns["for_break_after_call"](log, xs))
        except Exception as error:
            results.append(type(error).__name__)
        results.append(log)
    return results
