"""A class body that assigns `__module__` itself (zoneinfo's ZoneInfo):
the decompiled class must keep it, or pickle looks for the class elsewhere.

run_cases() makes the calls whose results must be the same with the
decompiled functions."""


def make_relocated_class():
    class Relocated:
        __module__ = "zoneinfo"
        __qualname__ = "Moved"

        def method(self):
            return __class__

    return Relocated


def run_cases(ns):
    cls = ns["make_relocated_class"]()
    return [cls.__module__, cls.__qualname__, cls().method().__qualname__]
