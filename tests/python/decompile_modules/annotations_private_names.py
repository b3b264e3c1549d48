"""Module-level round trip: annotated assignments and private names.

Every class body mangles `__x` to `_C__x`; the decompiler prints the written
spelling back (3.13 keeps it in __static_attributes__).
"""
import typing

x: int = 5
y: typing.List[int]
z = 3
z: float


class C:
    a: int
    __b: str = "q"

    class __D:
        __e: int = 1

        def g(self, __p):
            return self.__e + __p

    def f(self, z: "C") -> list[int]:
        self.__q = 1
        try:
            self.__q += 1
        except ValueError as __err:
            print(__err)
        return z, self.__D, C.__b, lambda __a: __a


class _:
    __x = 1
