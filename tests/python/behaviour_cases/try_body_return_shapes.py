"""A try body that returns part of the way and then goes on.

The compiler ends the protection before a `return`, so the first code
outside the protection may be a return in the middle of the body rather
than its end; branches after it that meet where the body ends failed with
"jump out of the structured region" (3.11+, asyncio proactor_events). A
structuring that took the return for the end could attach the rest of the
body, the else clause or the code after the try to the wrong place."""


def with_else(log, closed, address, fail):
    try:
        if closed:
            return "closed"
        if address:
            log.append(1)
        else:
            log.append(2)
        if fail:
            raise OSError
    except OSError:
        log.append(3)
    else:
        log.append(4)
    return log


def nested_return_then_else(log, lost, buffer, closing):
    try:
        if lost:
            return "lost"
        if not buffer or (lost and closing):
            if closing:
                log.append("closing")
            return "empty"
        data = buffer.pop()
        if data is not None:
            log.append(data)
        else:
            raise OSError
    except OSError:
        log.append("error")
    else:
        log.append("sent")
    return log


# 3.13: the jump ending the first branch lies outside the protection.
def branches_then_code(log, a, fail):
    try:
        if a:
            log.append(1)
        else:
            log.append(2)
        if fail:
            raise OSError
    except OSError:
        return "failed"
    log.append(3)
    return log


# A for body that is a try whose branch returns: the return's unwinding
# lies outside the protection, then the loop's jump back (3.11/3.12).
def first_failing(items, log):
    for item in items:
        try:
            if item:
                log.append(1 // item)
            else:
                return item
        except:
            log.append("error")
    return log


def run_cases(ns):
    results = []
    for closed in (False, True):
        for address in (False, True):
            for fail in (False, True):
                results.append(ns["with_else"]([], closed, address, fail))
    for lost in (False, True):
        for buffer in ([], [None], [7]):
            for closing in (False, True):
                results.append(ns["nested_return_then_else"]([], lost, list(buffer), closing))
    for a in (False, True):
        for fail in (False, True):
            results.append(ns["branches_then_code"]([], a, fail))
    for items in ([], [1, 2], [1, 0, 2], ["a", 1]):
        results.append(ns["first_failing"](list(items), []))
    return results
