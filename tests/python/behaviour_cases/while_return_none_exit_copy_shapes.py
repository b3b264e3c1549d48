"""≤3.9 `while a: if c: return None` ending a function: c's false jump
goes straight back to the loop's header, and its true branch is a copy of
the exit (`return None`, same line). The loop's test and c were read as
one condition, `a and not c`, and the loop as `while True:` returning on
either branch: one iteration instead of many.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def _step(log, tag, it):
    log.append(tag)
    return next(it, False)


def while_if_return_none(log, bits):
    it = iter(bits)
    while _step(log, "a", it):
        if _step(log, "c", it):
            return None


def while_and_if_return_none(log, bits):
    it = iter(bits)
    while _step(log, "a", it) and _step(log, "b", it):
        if _step(log, "c", it):
            return None


def run_cases(ns):
    results = []
    for name in ("while_if_return_none", "while_and_if_return_none"):
        for bits in ([1, 0, 1, 0, 0], [1, 1, 0, 1, 1, 0, 0], [0], [1, 0, 1, 1]):
            log = []
            results.append((name, ns[name](log, bits), log))
    return results
