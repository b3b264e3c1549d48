"""`for a in items: return a` inside a try (or a with): the return leaves
the protection after the iterator is popped. Session 23's random programs
found the return dropped on 3.12+ when a suppressing with or an except
clause came before (24000:4305, 24000:617): the decompiled function
returned None where the original returned the first item.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Suppressing:
    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return True


def first_after_suppressed_raise(items):
    try:
        with Suppressing(), Suppressing():
            raise KeyError("suppressed")
        for item in items:
            return item
    except TypeError:
        pass


def first_after_handled_clause(items, flag):
    try:
        flag = flag
    except TypeError:
        with Suppressing():
            return "clause"
    try:
        for item in items:
            return item
    except TypeError:
        pass


def first_under_manager(items):
    with Suppressing():
        for item in items:
            return item
        else:
            raise LookupError("empty")


def run_cases(ns):
    results = []
    for items in ([3, 4], [], None):
        for name in ("first_after_suppressed_raise", "first_under_manager"):
            try:
                results.append(ns[name](items))
            except Exception as error:
                results.append(repr(error))
        results.append(ns["first_after_handled_clause"](items, 1))
    return results
