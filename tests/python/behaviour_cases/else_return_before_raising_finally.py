"""`try: ... except E: ... else: return t() finally: raise E3`: the else
clause's call is made, then the finally body raises before the return
(difftest finding else_return_before_finally_raise, 3.9, 3.10). The value
was left on the stack and dropped with the else clause: the call was lost.
3.9/3.10 now refuse it (3.11+ already did).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def else_return_then_finally_raise(a, log):
    try:
        log.append(a)
    except KeyError:
        pass
    else:
        return log.append("else")
    finally:
        raise ValueError(a)


def run_cases(ns):
    results = []
    for a in (0, 1):
        log = []
        try:
            result = ns["else_return_then_finally_raise"](a, log)
        except Exception as e:  # noqa: BLE001
            result = type(e).__name__
        results.append((a, result, log))
    return results
