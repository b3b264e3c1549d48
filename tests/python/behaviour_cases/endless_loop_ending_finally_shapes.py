"""`while True: ... break` ending a finally body. In the handler's copy the
loop has no exit test, so its break goes into the copy's closing RERAISE
itself (3.10+); read as a bare `raise`, the normal path failed with
"RuntimeError: No active exception to reraise" (3.10-3.15).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def endless_loop_ends_finally(log, n):
    try:
        log.append("body")
    finally:
        while True:
            log.append(n)
            if n > 0:
                n -= 1
                continue
            break
    return n


def endless_loop_ends_finally_of_raising_body(log, n):
    try:
        raise ValueError(n)
    finally:
        while True:
            log.append(n)
            if n > 0:
                n -= 1
                continue
            break


def endless_loop_in_if_ends_finally(log, n):
    try:
        log.append("body")
    finally:
        if n:
            while True:
                n -= 1
                if n < 3:
                    break
    return n


def tested_loop_ends_finally(log, n):
    try:
        log.append("tested")
    finally:
        while n:
            n -= 1
            if n == 5:
                break
    return n


def run_cases(ns):
    log = []
    results = [ns["endless_loop_ends_finally"](log, 2), ns["endless_loop_in_if_ends_finally"](log, 5)]
    results += [ns["endless_loop_in_if_ends_finally"](log, 0), ns["tested_loop_ends_finally"](log, 9)]
    try:
        ns["endless_loop_ends_finally_of_raising_body"](log, 2)
    except ValueError as e:
        results.append(repr(e))
    return results, log
