"""`return` ending a for loop's body inside a try body. 3.12+ leave the
`return CONSTANT` out of the protection, past the iterator's POP_TOP; a
`finally: return` (3.11+) makes every return in the body a copy of that
finally body (`return None`), read as copies of the code after the try.
Either way the loop body was read as falling off its end after the
POP_TOP, the return lost (`for j in a: pass`), and the return moved into
an else clause or dropped (probe seed 14, g14_146). Such a body is now
refused (for loop body that drops its iterator and runs on).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def return_constant_in_for(items, log):
    try:
        for j in items:
            return 1
        log.append("x")
    except ValueError:
        pass
    log.append("y")


def return_none_in_for(items, log):
    try:
        for j in items:
            return
        log.append("x")
    except ValueError:
        pass
    log.append("y")


def finally_return_overrides(items, log):
    try:
        if items:
            for j in range(2):
                return 1
            log.append("x")
        else:
            return 2
        return
    finally:
        return


def generator_finally_return(items, log):
    yield 0
    try:
        if items:
            yield 1
            for j in range(2):
                return 6638
            else:
                log.append("else")
        else:
            return 6642
        return
    finally:
        return


def run_cases(ns):
    results = []
    for name in ("return_constant_in_for", "return_none_in_for", "finally_return_overrides",
                 "generator_finally_return"):
        for items in ([], [1, 2], 0):
            log = []
            try:
                result = ns[name](items, log)
                if name.startswith("generator"):
                    result = list(result)
            except Exception as e:  # noqa: BLE001
                result = type(e).__name__
            results.append((name, items, result, log))
    return results
