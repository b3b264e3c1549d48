"""A finally body ending in `if c: ... else: raise E` (difftest finding
finally_if_else_raise_from, 3.10 and 3.12-3.15). The
handler's copy reads as `if c: ...; <closing re-raise>` then `raise E`, and
the last statement was dropped as if it were the closing re-raise: the
finally body lost its `raise E`, so the function returned (or re-raised the
body's exception) where it raised E."""


def if_else_raise(a, log):
    try:
        log.append("body")
    finally:
        if a:
            log.append("then")
        else:
            raise KeyError(a)
    return "end"


def if_else_raise_from_after_raise(a, log):
    try:
        raise ValueError("body")
    finally:
        if a == 0:
            pass
        else:
            raise KeyError(a) from None


def run_cases(ns):
    results = []
    for name in ("if_else_raise", "if_else_raise_from_after_raise"):
        for a in (0, 1, 2):
            log = []
            try:
                results.append((ns[name](a, log), log))
            except Exception as e:
                results.append((type(e).__name__, repr(e.__context__), log))
    return results
