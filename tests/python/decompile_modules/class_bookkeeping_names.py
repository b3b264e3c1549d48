"""Names the compiler assigns in every class body, written by the source too.

Only the compiler's own assignments (first `__module__ = __name__` and
`__qualname__`, 3.13's `__firstlineno__`; last the class cell and 3.13's
`__static_attributes__`) are left out: zoneinfo's ZoneInfo sets
`__module__ = "zoneinfo"`, and dropping it changed how pickle finds it."""


class Relocated:
    __module__ = "zoneinfo"
    size = 8


class Renamed:
    "A docstring, then names the source chose."
    __qualname__ = "Other"

    def method(self):
        return __class__

    __module__ = "elsewhere"


class WithAttributes:
    def set(self):
        self.a = 1

    __static_attributes__ = 5
