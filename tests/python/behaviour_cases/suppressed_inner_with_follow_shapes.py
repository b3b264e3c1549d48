"""A with whose body is a with that always raises and whose own __exit__
suppresses the exception (`with Suppress(), Failing():`): the code after the
outer with is reached only through the suppression path. The walk of the
outer with's handler code marked that code as handler-only and the
decompiled function dropped its `return` (known difftest findings
suppressed_with_then_loop_return and others, every version).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Suppress:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")

    def __exit__(self, *exc):
        self.log.append(("exit", exc[0].__name__ if exc[0] else None))
        return True


def loop_return_after_suppressed_multi_with(log, items):
    with Suppress(log), 0:
        raise ValueError
    try:
        for a in items:
            return a
    except KeyError:
        pass
    return "end"


def nested_try_return_after_suppressed_with(log, items):
    with Suppress(log) as a, Suppress(log):
        raise ValueError
    try:
        try:
            return 4
        except KeyError:
            pass
    finally:
        log.append("finally")


def run_cases(ns):
    """Results of every case call, with the functions of namespace `ns`."""
    results = []
    for items in ([], [1, 2]):
        for name in ("loop_return_after_suppressed_multi_with", "nested_try_return_after_suppressed_with"):
            log = []
            try:
                value = ns[name](log, items)
            except Exception as caught:  # noqa: BLE001 - the outcome is compared
                value = type(caught).__name__
            results.append((name, value, log))
    return results
