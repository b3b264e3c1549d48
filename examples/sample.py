"""A sample module that exercises many constructs; it compiles on CPython 3.8-3.13.

examples/pyc/ holds its .pyc for each version (tools/make_examples.py writes
them); the disassembler tests check that depyf lists them exactly as dis does.
"""

from __future__ import annotations

import asyncio
import contextlib
import os.path as osp
from collections import OrderedDict, namedtuple
from typing import Any, Dict, Iterator, List, Optional

GREETING: str = "hello"
NUMBERS = [1, 2.5, -3, 4j, 10**20, 0x7FFFFFFFFFFFFFFF + 1]
CONSTANTS = (None, True, False, ..., b"bytes", "text", frozenset({1, 2}))
Point = namedtuple("Point", "x y")
counter = 0


def simple(a, b=2, *args, c, d=4, **kwargs):
    """Positional, default, star, keyword-only and double-star parameters."""
    return a + b + len(args) + c + d + len(kwargs)


def positional_only(a, b, /, c):
    return a * b - c


def annotated(x: int, y: "str" = "y") -> Optional[List[int]]:
    value: int = x
    return [value] if y else None


def arithmetic(x, y):
    r = x + y - x * y / (y or 1) // 3 % 7 ** 2
    r = (x << 2) >> 1 | (y & 3) ^ ~x
    r += 1
    r -= 2
    r *= 3
    r @ x if False else None
    return -r, +r, not r


def comparisons(a, b, c):
    return a < b <= c, a is b, a is not c, a in b, a not in c, a == b != c


def boolean_logic(a, b, c):
    if a and b or not c:
        return a if b else c
    elif a or (b and c):
        return b
    else:
        return None


def loops(items):
    total = 0
    for index, item in enumerate(items):
        if item is None:
            continue
        if item < 0:
            break
        total += index * item
    else:
        total = -1
    while total > 100:
        total //= 2
        if total == 7:
            break
    else:
        total += 1
    return total


def comprehensions(data):
    squares = [x * x for x in data if x % 2]
    pairs = {x: y for x, y in zip(data, data[1:])}
    unique = {x for x in data for _ in range(2)}
    lazy = (x + 1 for x in data)
    nested = [[y for y in range(x)] for x in data]
    return squares, pairs, unique, list(lazy), nested


def closures(start):
    count = start

    def increment(step=1):
        nonlocal count
        count += step
        return count

    def read():
        return count

    return increment, read, lambda: count * 2


def use_global():
    global counter
    counter += 1
    del counter


def exceptions(value):
    try:
        result = 10 / value
    except ZeroDivisionError as error:
        result = str(error)
    except (TypeError, ValueError):
        result = None
    except Exception:
        raise
    else:
        result = result * 2
    finally:
        value = None
    try:
        pass
    finally:
        result = (result, value)
    try:
        raise RuntimeError("boom") from None
    except RuntimeError:
        pass
    return result


def context_managers(path):
    with open(path) as handle, contextlib.suppress(OSError):
        data = handle.read()
    with contextlib.ExitStack():
        pass
    return data


def generator(limit):
    for i in range(limit):
        received = yield i
        if received:
            yield from range(received)
    return "done"


async def coroutine(delay):
    await asyncio.sleep(delay)
    async with contextlib.AsyncExitStack() as stack:
        await stack.aclose()
    async for item in agen(3):
        print(item)
    return [x async for x in agen(2)]


async def agen(n):
    for i in range(n):
        yield i
        await asyncio.sleep(0)


def formatting(name, width, value):
    return f"{name!r:>{width}} {value:.2f} {value!s} {name=}" if False else f"{name}-{value:{width}}"


def unpacking(seq):
    first, *middle, last = seq
    (a, b), c = (1, 2), 3
    merged = [*seq, *middle]
    mapping = {**{"a": a}, "b": b}
    return first, last, merged, mapping, c


def slicing(seq):
    seq[1:2] = [9]
    del seq[0]
    return seq[::2], seq[1:-1], seq[:, 1] if False else seq[-1]


def walrus(values):
    if (n := len(values)) > 3:
        return n
    return [y for x in values if (y := x * 2)]


def decorator(fn):
    return fn


@decorator
def decorated(*, key=None):
    return key


class Base:
    """A class with the usual kinds of members."""

    attribute = 1

    def __init__(self, value: int) -> None:
        self.value = value

    @property
    def doubled(self) -> int:
        return self.value * 2

    @staticmethod
    def static(x):
        return x

    @classmethod
    def build(cls, value):
        return cls(value)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.value)


class Derived(Base, metaclass=type):
    def __init__(self, value):
        super().__init__(value)
        self.extra = [__class__]

    class Inner:
        def method(self):
            def deep():
                return lambda: None

            return deep

    def method(self):
        return [self.value for _ in range(2)]


def big_function(x):
    table = {i: str(i) for i in range(300)}
    if x:
        values = (
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
            21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38,
        )
        return table, values, osp.join("a", "b"), OrderedDict(), Dict, Any, Iterator
    return None


def extended_args(flag):
    """More than 256 constants and long jumps: EXTENDED_ARG prefixes."""
    if flag:
        print(
        "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13",
        "s14", "s15", "s16", "s17", "s18", "s19", "s20", "s21", "s22", "s23", "s24", "s25", "s26",
        "s27", "s28", "s29", "s30", "s31", "s32", "s33", "s34", "s35", "s36", "s37", "s38", "s39",
        "s40", "s41", "s42", "s43", "s44", "s45", "s46", "s47", "s48", "s49", "s50", "s51", "s52",
        "s53", "s54", "s55", "s56", "s57", "s58", "s59", "s60", "s61", "s62", "s63", "s64", "s65",
        "s66", "s67", "s68", "s69", "s70", "s71", "s72", "s73", "s74", "s75", "s76", "s77", "s78",
        "s79", "s80", "s81", "s82", "s83", "s84", "s85", "s86", "s87", "s88", "s89", "s90", "s91",
        "s92", "s93", "s94", "s95", "s96", "s97", "s98", "s99", "s100", "s101", "s102", "s103",
        "s104", "s105", "s106", "s107", "s108", "s109", "s110", "s111", "s112", "s113", "s114",
        "s115", "s116", "s117", "s118", "s119", "s120", "s121", "s122", "s123", "s124", "s125",
        "s126", "s127", "s128", "s129", "s130", "s131", "s132", "s133", "s134", "s135", "s136",
        "s137", "s138", "s139", "s140", "s141", "s142", "s143", "s144", "s145", "s146", "s147",
        "s148", "s149", "s150", "s151", "s152", "s153", "s154", "s155", "s156", "s157", "s158",
        "s159", "s160", "s161", "s162", "s163", "s164", "s165", "s166", "s167", "s168", "s169",
        "s170", "s171", "s172", "s173", "s174", "s175", "s176", "s177", "s178", "s179", "s180",
        "s181", "s182", "s183", "s184", "s185", "s186", "s187", "s188", "s189", "s190", "s191",
        "s192", "s193", "s194", "s195", "s196", "s197", "s198", "s199", "s200", "s201", "s202",
        "s203", "s204", "s205", "s206", "s207", "s208", "s209", "s210", "s211", "s212", "s213",
        "s214", "s215", "s216", "s217", "s218", "s219", "s220", "s221", "s222", "s223", "s224",
        "s225", "s226", "s227", "s228", "s229", "s230", "s231", "s232", "s233", "s234", "s235",
        "s236", "s237", "s238", "s239", "s240", "s241", "s242", "s243", "s244", "s245", "s246",
        "s247", "s248", "s249", "s250", "s251", "s252", "s253", "s254", "s255", "s256", "s257",
        "s258", "s259", "s260", "s261", "s262", "s263", "s264", "s265", "s266", "s267", "s268",
        "s269", "s270", "s271", "s272", "s273", "s274", "s275", "s276", "s277", "s278", "s279",
        "s280", "s281", "s282", "s283", "s284", "s285", "s286", "s287", "s288", "s289", "s290",
        "s291", "s292", "s293", "s294", "s295", "s296", "s297", "s298", "s299",
        )
    return flag


if __name__ == "__main__":
    print(simple(1, c=3), Derived(2).doubled)
