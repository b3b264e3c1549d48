"""PEP 695 definitions at module and class level (3.12+): generic defs,
classes and methods, type aliases, decorators, class-scope names read by
annotation scopes (through __classdict__)."""
from typing import Callable


def identity[T](x: T) -> T:
    return x


def variadic[*Ts, **P](f: Callable[P, None], *args: *Ts) -> tuple[*Ts]:
    return args


@staticmethod
def decorated[T: (int, str)](value: T, scale=2, *, label: str = "") -> T:
    return value


type Number = int | float
type Pair[T] = tuple[T, T]
type Nested[K: str, **P] = dict[K, Callable[P, Number]]


class Base:
    pass


class Box[T](Base):
    limit = 10
    type Items = list[T]

    def get(self) -> T:
        return self.item

    def put[U: limit](self, item: U, size: limit = 3) -> Box[U]:
        return self

    @classmethod
    def of[U](cls, *items: U) -> "Box[U]":
        return cls()


class Plain:
    kind = int

    def convert[T: kind](self, value: kind) -> T:
        return value

    type Alias[V] = dict[kind, V]


class Meta(type):
    pass


class Registered[K, V](Base, metaclass=Meta):
    __slots__ = ()


class _Private[__T]:
    value = __T

    def method[__U](self, arg: __T, other: __U):
        return (__T, __U)


class Outer[T](Base):
    """A generic class with a docstring, super() and a nested generic class."""

    def m[U](self, u: U) -> T:
        return super().m()

    class Inner[V: T]:
        def f(self, v: V) -> T:
            return v

    @staticmethod
    def s[W](w: W = None) -> "W":
        return w


def uses_lambda[T](x: (lambda: T) = None, *, y: T | None = None):
    return x


async def agen[T](xs: list[T]):
    for x in xs:
        yield x


def closure_over_outer():
    z = 1

    def inner[T: z](a: T = z) -> T:
        nonlocal z
        z = a
        return z

    return inner


def shadowing_comprehension[T: [lambda: T for T in (T, [1])[1]]]():
    return [lambda: T for T in T.__name__]
