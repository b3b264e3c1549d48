"""A with statement in an except clause inside a loop whose body ends in
`break` / `continue`.

The with body's exit call (__exit__(None, None, None)) of the break was
read as the with statement's end: 3.9 dropped the break altogether (its
POP_EXCEPT / POP_TOP / jump were claimed without a statement), 3.10-3.13
wrote it after the with (wrong when __exit__ suppresses an exception).
After the exit call come the clause's POP_EXCEPT and the loop's jump:
they are the break/continue, read into the with body."""


def break_in_with_in_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except LookupError:
            with cm(item) as f:
                log.append(f)
                break
        log.append(item)
    return log


def continue_in_with_in_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except LookupError:
            with cm(item) as f:
                log.append(f)
                continue
        log.append(item)
    return log


def run_cases(ns):
    class Manager:
        def __init__(self, suppress):
            self.suppress = suppress

        def __enter__(self):
            return "entered"

        def __exit__(self, *exc):
            return self.suppress

    def failing_on(bad):
        def h(item):
            if item == bad:
                raise KeyError(item)
        return h

    results = []
    for bad in (None, 1, 2):
        for suppress in (False, True):
            log = []
            results.append(ns["continue_in_with_in_clause"]([0, 1, 2, 3], failing_on(bad),
                                                           lambda item: Manager(suppress), log))
            log = []
            results.append(ns["break_in_with_in_clause"]([0, 1, 2, 3], failing_on(bad),
                                                        lambda item: Manager(suppress), log))
    # The with body raising: a suppressing __exit__ skips the break.
    class Picky(list):
        def append(self, x):
            if x == "entered":
                raise ValueError(x)
            super().append(x)

    for name in ("continue_in_with_in_clause", "break_in_with_in_clause"):
        for suppress in (False, True):
            log = Picky()
            try:
                results.append(ns[name]([0, 1, 2, 3], failing_on(1), lambda item: Manager(suppress), log))
            except ValueError:
                results.append(("raised", list(log)))
    return results
