"""With statements whose body never falls through.

When __exit__ suppresses the exception, execution goes on after the with
statement, even when the body always returns or raises. That code was
dropped on every version (zipfile's FastLookup.namelist lost its fallback
and returned None).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


class Suppress:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *exc):
        self.log.append(("exit", exc[0] is not None))
        return True


def returns_in_with(cm, g):
    with cm:
        if g():
            return 1
        return g(2)
    cm.log.append("after")
    return 3


def raises_in_with_inside_finally(cm, g):
    try:
        with cm:
            if g():
                raise ValueError()
            return g(2)
    finally:
        cm.log.append("finally")


def run_cases(ns):
    results = []
    for fn in ("returns_in_with", "raises_in_with_inside_finally"):
        for first in (True, False):
            for fails in (False, True):
                log = []

                def g(*args, log=log, first=first, fails=fails):
                    log.append(args)
                    if fails and args:
                        raise KeyError
                    return first

                try:
                    results.append((fn, first, fails, ns[fn](Suppress(log), g), log))
                except Exception as e:  # the exception is part of the behaviour
                    results.append((fn, first, fails, type(e).__name__, log))
    return results
