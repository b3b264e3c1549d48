"""With bodies that end in `break`/`continue` (or `return`), alone or as
the last statement of a try body.

The exit call runs before the jump, so the jump is the with body's; when
__exit__ suppresses an exception, execution goes on after the with (or
after the try around it). The statement was read after the with (3.9-3.13:
a suppressed exception then also continued), dropped with the code after
the with (3.11+), or the code after the try, reached only through the
suppressed path, was dropped (every version).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class MaybeSuppress:
    def __init__(self, log, suppress):
        self.log = log
        self.suppress = suppress

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.log.append(("exit", exc[0].__name__ if exc[0] else None))
        return self.suppress


def continue_ends_with(items, h, log):
    for item in items:
        with h(item):
            log.append(item)
            continue
        log.append(0)
    return log


def break_ends_with(items, h, log):
    for item in items:
        with h(item):
            log.append(item)
            break
        log.append(0)
    return log


def continue_ends_with_in_try(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def break_ends_with_in_try(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                break
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_in_try_finally(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        finally:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_in_try_in_while(items, h, log):
    while items:
        try:
            with h(items.pop()):
                log.append(1)
                continue
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_clause_continues(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        except KeyError:
            continue
        log.append(0)
    return log


def return_ends_with_clause_continues(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                return 1
        except KeyError:
            continue
        log.append(0)
    return log


def return_ends_with_clause_returns(items, h, log):
    try:
        with h(items[0]):
            log.append(items[0])
            return 1
    except KeyError:
        return 2
    log.append(0)
    return log


def break_in_if_in_with_in_clause(items, h, log):
    for item in items:
        try:
            h(item)
            log.append(item)
        except KeyError:
            with h(item):
                if item == 2:
                    break
                log.append(3)


def continue_in_if_in_with_in_clause(items, h, log):
    for item in items:
        try:
            h(item)
            log.append(item)
        except KeyError:
            with h(item):
                if item == 2:
                    continue
                log.append(3)
            break
    return log


def break_ends_with_in_while_else(items, h, log):
    # (3.10+ the break runs a copy of the code after the loop statement;
    # read as the with's end, it also ran after a suppressed exception.)
    while items:
        with h(items.pop()):
            log.append(1)
            break
    else:
        log.append(9)
    return log


class FailingLog(list):
    """A log whose append raises KeyError for the chosen values: an
    exception inside the with body."""

    def __init__(self, failing):
        super().__init__()
        self.failing = failing

    def append(self, value):
        super().append(value)
        if value in self.failing:
            raise KeyError(value)


def run_cases(ns):
    results = []
    suffixes = ("_with", "_try", "_finally", "_while", "_continues", "_returns", "_clause", "_else")
    names = [name for name in ns if name.endswith(suffixes) and callable(ns[name])]
    for fn in sorted(names):
        for suppress in (False, True):
            for failing in ((), (2,), (1, 3)):
                log = FailingLog(failing)

                def h(item, log=log, suppress=suppress):
                    return MaybeSuppress(log, suppress)

                try:
                    value = ns[fn]([1, 2, 3], h, log)
                    results.append((fn, suppress, failing, list(value) if value is log else value, list(log)))
                except Exception as e:  # the exception is part of the behaviour
                    results.append((fn, suppress, failing, type(e).__name__, list(log)))
    return results
