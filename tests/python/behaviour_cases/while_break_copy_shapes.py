"""3.12+ while loops whose except clause breaks: the break runs its own copy
of the short code after the loop instead of jumping there (os.removedirs).
Read as `break` (or the same `return`), the loop must stop where the
original stops and return what the original returns.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_try_except_break_then_code(more, g, h):
    while more():
        try:
            g()
        except KeyError:
            break
        h()


def while_try_except_break_return_value(more, g, h):
    while more():
        try:
            g()
        except KeyError:
            break
    return h("after")


def while_try_except_break_else(more, g, h):
    while more():
        try:
            g()
        except KeyError:
            break
        else:
            h()


def while_try_two_clauses(more, g, h):
    while more():
        try:
            g()
        except KeyError:
            break
        except ValueError:
            h("value")
    return len(h.__defaults__[0])


def run_cases(ns):
    results = []
    names = (
        "while_try_except_break_then_code",
        "while_try_except_break_return_value",
        "while_try_except_break_else",
        "while_try_two_clauses",
    )
    for fn in names:
        for fail_at, error in ((None, KeyError), (0, KeyError), (2, KeyError), (1, ValueError), (1, TypeError)):
            log = []
            rounds = iter(range(4))

            def more(rounds=rounds):
                return next(rounds, None) is not None

            def g(*args, log=log, fail_at=fail_at, error=error):
                log.append(("g",) + args)
                if fail_at is not None and len(log) > fail_at:
                    raise error

            def h(*args, log=log):
                log.append(("h",) + args)
                return len(log)

            try:
                results.append((fn, fail_at, ns[fn](more, g, h), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, fail_at, type(e).__name__, log))
    return results + run_break_after_try_cases(ns)


def for_while_true_try_except_continue_break(items, g, h):
    for item in items():
        while True:
            try:
                g(item)
            except KeyError:
                if h("retry") < 4:
                    continue
                h("gave up")
            break
    return h("end")


def run_break_after_try_cases(ns):
    results = []
    for fail_at in (None, 0, 1, 3):
        log = []

        def items():
            return [1, 2, 3]

        def g(*args, log=log, fail_at=fail_at):
            log.append(("g",) + args)
            if fail_at is not None and len(log) > fail_at and len(log) < fail_at + 3:
                raise KeyError

        def h(*args, log=log):
            log.append(("h",) + args)
            return len(log)

        try:
            results.append((fail_at, ns["for_while_true_try_except_continue_break"](items, g, h), log))
        except Exception as e:  # the exception is part of the behaviour
            results.append((fail_at, type(e).__name__, log))
    return results
