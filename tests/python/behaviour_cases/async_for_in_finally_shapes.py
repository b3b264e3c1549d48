"""3.8: an async for loop in a finally body: its SETUP_FINALLY ends at
END_ASYNC_FOR, but the search for the finally body's END_FINALLY counted it
as a block to close: the code after the try was read into the finally
body (random program 24000:1842: `del o.w` then ran on the exception path
too, and before the finally body's loop had ended on the normal path).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class AIter:
    def __init__(self, items):
        self.items = list(items)

    def __aiter__(self):
        return self

    async def __anext__(self):
        if not self.items:
            raise StopAsyncIteration
        return self.items.pop(0)


async def async_for_in_finally_then_code(log, a, b):
    try:
        log.append(1 / a)
    finally:
        async for y in AIter(b):
            log.append(y)
    log.append("after")


async def async_for_in_finally_in_try_finally(log, a, b):
    try:
        try:
            log.append(1 / a)
        finally:
            async for y in AIter(b):
                log.append(y)
        log.append("after")
    finally:
        log.append("outer")


def run_coroutine(coroutine):
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    return "suspended"


def run_cases(ns):
    results = []
    for name in ("async_for_in_finally_then_code", "async_for_in_finally_in_try_finally"):
        for a, b in ((1, [2, 3]), (0, [4]), (2, [])):
            log = []
            try:
                results.append((name, ns["run_coroutine"](ns[name](log, a, b)), log))
            except Exception as error:
                results.append((name, type(error).__name__, log))
    return results
