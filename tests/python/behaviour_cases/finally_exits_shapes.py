"""return / break / continue inside a finally body.

Leaving a finally body that way discards the exception in flight; the
handler's copy of the body drops it first, which the normal path's copy
has nothing to drop, so such bodies failed to decompile ("the normal path
does not repeat the finally body"). Decompiled, the exception must still be
swallowed exactly where the original swallows it.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""
import warnings

warnings.filterwarnings("ignore", category=SyntaxWarning)


def return_in_finally(g, flag):
    try:
        g()
    finally:
        if flag:
            return "swallowed"
        g("finally")
    return "normal"


def return_value_in_finally(g, flag):
    try:
        g()
    finally:
        if flag:
            return g("value")
    return "normal"


def break_in_finally(g, xs):
    done = []
    for x in xs:
        try:
            g(x)
        finally:
            done.append(x)
            if x == 2:
                break
    return done


def continue_in_finally(g, xs):
    done = []
    for x in xs:
        try:
            g(x)
            done.append(("ok", x))
        finally:
            if x % 2:
                continue
            done.append(("even", x))
    return done


def run_cases(ns):
    results = []
    for fails in (False, True):
        log = []

        def g(*args, log=log, fails=fails):
            log.append(args)
            if fails and args != ("value",) and args != ("finally",):
                raise KeyError(args)
            return len(log)

        for fn, args in (
            ("return_in_finally", (True,)),
            ("return_in_finally", (False,)),
            ("return_value_in_finally", (True,)),
            ("return_value_in_finally", (False,)),
            ("break_in_finally", ([1, 2, 3],)),
            ("break_in_finally", ([1, 3],)),
            ("continue_in_finally", ([1, 2, 3],)),
        ):
            try:
                results.append((fn, args, fails, ns[fn](g, *args), list(log)))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, args, fails, type(e).__name__, list(log)))
    return results
