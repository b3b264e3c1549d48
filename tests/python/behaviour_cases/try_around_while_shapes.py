"""A try around a 3.10+ inverted while loop whose body continues: 3.12+ leave
the loop's latch (the repeated test's jump back to the body) out of the
exception table. The loop is inside the try: an exception in the loop ends
it, where a try inside the loop would go on looping.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def try_while_if_continue_handled(f, g):
    try:
        while f():
            if g(1):
                continue
            g(2)
    except OSError:
        g(5)
    return 3


def try_while_if_continue_end_handled(f, g):
    try:
        while f():
            g(0)
            if g(1):
                continue
    except OSError:
        g(5)


def run_cases(ns):
    results = []
    for fn in ("try_while_if_continue_handled", "try_while_if_continue_end_handled"):
        for fail_at in (None, 1, 3, 6):
            log = []
            rounds = iter(range(5))

            def f(rounds=rounds):
                return next(rounds, None) is not None

            def g(n, log=log, fail_at=fail_at):
                log.append(n)
                if fail_at is not None and len(log) == fail_at:
                    raise OSError
                return len(log) % 3 == 0

            try:
                results.append((fn, fail_at, ns[fn](f, g), log))
            except Exception as e:  # the exception is part of the behaviour
                results.append((fn, fail_at, type(e).__name__, log))
    return results
