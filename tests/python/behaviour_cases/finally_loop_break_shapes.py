"""A loop ending a finally body, left by `break`. In the handler's copy of
the finally body the break goes to the compiler's own re-raise that ends
the copy, and 3.10+ copy that RERAISE into the break (a for loop's break:
POP_TOP; RERAISE). It was read as a written bare `raise`, so the normal
path, which goes on after the try, raised "No active exception to
reraise" (3.10 for loops, 3.12+ while loops too).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def for_break_ending_finally(log, items, stop):
    try:
        log.append("body")
    finally:
        for x in items:
            if x == stop:
                return x
            break
    return "end"


def while_break_ending_finally(log, a, b):
    try:
        log.append("body")
    finally:
        while a:
            if b:
                a = 0
                continue
            break
    return "end"


def nested_while_break_ending_finally(log, a, b):
    try:
        log.append("body")
    finally:
        while a:
            while not (b or not a):
                a = 0
            else:
                log.append("inner else")
            if b:
                a = 0
                continue
            break
    return "end"


def while_break_ending_finally_in_loop(log, a, b):
    for k in range(2):
        try:
            log.append(k)
        finally:
            while a:
                if b:
                    break
                a = 0
    return "end"


def while_break_ending_nested_finally(log, a, b):
    try:
        log.append("body")
    finally:
        try:
            log.append("inner")
        finally:
            while a:
                if b:
                    a = 0
                    continue
                break
    return "end"


def run_cases(ns):
    results = []
    for name in ("while_break_ending_finally", "nested_while_break_ending_finally",
                 "while_break_ending_finally_in_loop", "while_break_ending_nested_finally"):
        for a, b in ((0, 0), (1, 0), (1, 1), (0, 1)):
            log = []
            try:
                results.append((name, ns[name](log, a, b), log))
            except RuntimeError as error:
                results.append((name, "RuntimeError", str(error), log))
    for items, stop in (([], 1), ([1], 1), ([2, 1], 1)):
        log = []
        try:
            results.append(ns["for_break_ending_finally"](log, items, stop))
        except RuntimeError as error:
            results.append(("RuntimeError", str(error)))
        results.append(log)
    return results
