"""A finally body ending in an if chain whose every branch returns but
one nested path (`if a: if b: return ...` with no else): in the handler's
copy that path runs into the copy's closing re-raise. When the chain's
last branch was itself an if (`else: if c: return None; return x`), that
re-raise was left as a written bare `raise`, so the normal path, which
goes on after the try, raised "No active exception to reraise"
(3.10, 3.12+).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class _Quiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def finally_if_chain_falls_through_once(log, a, b, n):
    try:
        log.append("body")
    finally:
        with _Quiet():
            n = n + 1
        if a:
            if b:
                return "ab"
        elif n < 0:
            return "neg"
        else:
            if b:
                return None
            return "else"
    log.append("after")


def run_cases(ns):
    results = []
    for args in ((0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, -5), (0, 0, -5)):
        log = []
        try:
            results.append((ns["finally_if_chain_falls_through_once"](log, *args), log))
        except RuntimeError as error:
            results.append(("RuntimeError", str(error), log))
    return results
