"""while loops whose body is (or ends in) a try whose except clause leaves.

3.10+ repeat the while test at the end of the body; a clause's break runs a
copy of the code after the loop (`return None`). One tempting reading made
that `except E: pass` plus a `break` after the try, which stops the loop
after one round; a clause that falls off the end must go on looping.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_try_except_break(more, g):
    while more():
        try:
            g()
        except KeyError:
            break


def while_try_except_pass(more, g):
    while more():
        try:
            g()
        except KeyError:
            pass


def while_stmt_try_except_break(more, g):
    while more():
        g("head")
        try:
            g()
        except KeyError:
            break


def run_cases(ns):
    results = []
    for fn in ("while_try_except_break", "while_try_except_pass", "while_stmt_try_except_break"):
        for fail_at in (None, 0, 2):
            log = []
            rounds = iter(range(4))

            def more(rounds=rounds):
                return next(rounds, None) is not None

            def g(*args, log=log, fail_at=fail_at):
                log.append(args)
                if not args and fail_at is not None and len(log) > fail_at:
                    raise KeyError

            try:
                results.append((fn, fail_at, ns[fn](more, g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, fail_at, type(e).__name__, log))
    return results
