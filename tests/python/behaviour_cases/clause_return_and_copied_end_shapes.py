"""An except clause holding a try whose clause returns a constant, where
3.10+ copy the short code after the outer try (`return p`) into the outer
clause's end: the two ends return different things, and each must stay
where it was (the constant return inside the nested clause).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def nested_try_in_clause_return_none(g):
    try:
        p = g(0)
    except AttributeError:
        g(1)
        return None
    except ImportError:
        try:
            p = g(2)
        except TypeError:
            g(3)
            return None
    return p


def nested_try_in_clause_return_constant(g):
    try:
        p = g(0)
    except ImportError:
        try:
            p = g(2)
        except TypeError:
            g(3)
            return 7
    return p


def run_cases(ns):
    results = []
    for fn in ("nested_try_in_clause_return_none", "nested_try_in_clause_return_constant"):
        for errors in ((), (AttributeError,), (ImportError,), (ImportError, TypeError), (ImportError, KeyError)):
            log = []

            def g(n, log=log, errors=errors):
                log.append(n)
                if len(log) <= len(errors):
                    raise errors[len(log) - 1]
                return n * 10

            try:
                results.append((fn, errors, ns[fn](g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, errors, type(e).__name__, log))
    return results + run_fall_into_code_after_try_cases(ns)


def try_bare_except_then_ifelse(g):
    try:
        mod = g(1)
    except:
        mod = g(2)
    if g(mod):
        if g(3):
            mod = 4
    else:
        mod = 5
    return mod


def run_fall_into_code_after_try_cases(ns):
    results = []
    for errors in ((), (KeyError,), (KeyError, None, None)):
        for truth in (0, 1, 2):
            log = []

            def g(n, log=log, errors=errors, truth=truth):
                log.append(n)
                if len(log) <= len(errors) and errors[len(log) - 1]:
                    raise errors[len(log) - 1]
                return len(log) > truth

            try:
                results.append((errors, truth, ns["try_bare_except_then_ifelse"](g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((errors, truth, type(e).__name__, log))
    return results
