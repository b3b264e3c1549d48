# 3.14 deferred annotations (PEP 649/749): the module's and the class's
# annotations live in compiler-made __annotate__ functions; a def's in one
# attached to it.
x: int = 1
y: "str"
if x:
    z: list[int] = []


def f(a: int, *b: list, c: "q" = 2, **d: dict) -> str:
    return a


class C:
    u: int
    v: list[int] = []

    def m(self, other: "C") -> C:
        pass

    w = 3
    q: int
