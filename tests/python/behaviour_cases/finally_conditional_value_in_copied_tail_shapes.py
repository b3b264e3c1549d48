"""A conditional expression inside the last statement of a finally body,
`finally: z = o.v(0 if chk(3) else 0, 0)`: 3.10+ copy the short tail after
the conditional (the call, the store, the handler copy's RERAISE) into both
branches of the handler's copy of the body. Read as `if chk(3): z = o.v(0, 0)`
/ `else: z = o.v(0, 0)`, `o.v` was looked up after the test instead of
before it, and a tuple's first item evaluated after the test (difftest
22000:16923, 22000:1036, 22000:297: 3.10, 3.12-3.15).

run_cases() makes the calls whose results and call logs must be the same
with the decompiled functions."""


def finally_call_with_conditional_argument(o, chk, fail):
    try:
        if fail:
            raise KeyError(fail)
    finally:
        z = o.v(0 if chk(3) else 1, 0)
    return z


def finally_tuple_with_conditional(o, chk, fail):
    try:
        if fail:
            raise KeyError(fail)
    finally:
        q = (o.first(), 2 if chk(2) else 3)
    return q


class Recorder:
    def __init__(self, log):
        self.log = log

    def __getattr__(self, name):
        self.log.append(("get", name))
        return lambda *args: args


def run_cases(ns):
    out = []
    for name in ("finally_call_with_conditional_argument", "finally_tuple_with_conditional"):
        for fail in (0, 1):
            log = []

            def chk(n, log=log):
                log.append(("chk", n))
                return n > 2

            try:
                out.append((name, fail, ns[name](Recorder(log), chk, fail), log))
            except Exception as e:
                out.append((name, fail, type(e).__name__, str(e), log))
    return out
