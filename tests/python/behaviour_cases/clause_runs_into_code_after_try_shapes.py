"""Except clauses that run on into the code after the try, which 3.12+ lay
right after the clause when no other path reaches it (asyncio.futures
_get_loop). Read as the clause's own code it would be a `return` inside the
clause; read as the code after the try, the body's way on is the try's else
clause. Either way the calls below must behave as the original.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def get_loop_of(fut, log):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        log.append("no get_loop")
    else:
        return get_loop()
    log.append("fallback")
    return fut.loop


def first_loop(futs, log):
    while futs:
        fut = futs.pop()
        try:
            get_loop = fut.get_loop
        except AttributeError:
            pass
        else:
            return get_loop()
        log.append(fut.loop)
    return "none"


class _WithGetLoop:
    loop = "attribute"

    def get_loop(self):
        return "method"


class _WithoutGetLoop:
    loop = "attribute"


def run_cases(ns):
    results = []
    for fut in (_WithGetLoop(), _WithoutGetLoop()):
        log = []
        results.append(("get_loop_of", ns["get_loop_of"](fut, log), log))
    for futs in ([], [_WithGetLoop()], [_WithGetLoop(), _WithoutGetLoop()], [_WithoutGetLoop()]):
        log = []
        results.append(("first_loop", ns["first_loop"](list(futs), log), log))
    return results
