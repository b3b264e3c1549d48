"""Returns that ≤3.9 compile with little to tell where they were written:
a clause's `return` ending the function, `return CONSTANT` ending a try
body with a finally clause (its constant loaded after the finally body).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def clause_return_ending_function(log, g):
    try:
        g()
    except OSError:
        log.append("caught")
        return
    log.append("after")


def constant_return_in_try_finally(log, g):
    try:
        g()
        return True
    finally:
        log.append("finally")
    log.append("after")


def constant_return_in_nested_try_finally(log, g):
    try:
        try:
            g()
            return 5
        finally:
            log.append("inner")
        log.append("between")
    finally:
        log.append("outer")


def named_clause_return_in_if_before_raise(log, g):
    try:
        g()
    except OSError as e:
        if e.args == ("x",):
            log.append("return")
            return False
        log.append("raise")
        raise
    log.append("after")
    return True


def clause_statements_and_return_before_raise(log, g):
    try:
        g()
    except OSError as why:
        if why.args[0] == "x":
            log.append("close")
            return b""
        else:
            raise
    return b"data"


def endless_loop_left_by_else_break(log, items):
    # ≤3.9 thread the condition's jump through the `break`: the unreachable
    # jump left there says where the loop ends.
    while 1:
        m = items.pop() if items else None
        if m:
            log.append(m)
        else:
            break
    log.append("after")
    return len(log)


def run_cases(ns):
    """Results of every case call, with the functions of namespace `ns`."""
    results = []
    for error, text in ((None, ""), (OSError, "x"), (OSError, "y"), (KeyError, "x")):
        def g(error=error, text=text):
            if error is not None:
                raise error(text)

        for name in ("clause_return_ending_function", "constant_return_in_try_finally",
                     "constant_return_in_nested_try_finally", "named_clause_return_in_if_before_raise",
                     "clause_statements_and_return_before_raise"):
            log = []
            try:
                value = ns[name](log, g)
            except Exception as caught:  # noqa: BLE001 - the outcome is compared
                value = type(caught).__name__
            results.append((name, value, log))
    for items in ([], [1, 2], [0, 3]):
        log = []
        results.append(("endless_loop_left_by_else_break", ns["endless_loop_left_by_else_break"](log, items), log))
    return results
