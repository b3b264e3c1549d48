"""Write the marshal / .pyc fixtures that tests/cpp compares the C++ reader against.

Run it with any Python 3.8+: it runs itself again under every reference
interpreter (found by tools/pythons.py) and writes, for each version,

  tests/data/py3X/consts.pyc        timestamp .pyc of FIXTURE_SOURCE
  tests/data/py3X/consts_hash.pyc   the same, checked-hash based (PEP 552)
  tests/data/py3X/consts.json       facts about that code object, recursively
  tests/data/py3X/headers.json      the header fields of both .pyc files
  tests/data/py3X/values_vN.marshal marshal.dumps(VALUES, N) for N = 0..4
  tests/data/py3X/values.json       repr(VALUES) (the same for every N)
  tests/data/py3X/values_newest.*   3.14+: NEWEST_VALUES (slices; 3.15 frozendicts) in the
                                    interpreter's own marshal format, and their repr

plus tests/data/float_reprs.txt (repr of floats and complexes, one per line).

Every .json file is one flat object of string keys to string values, sorted,
one entry per line (json.dumps(indent=0, sort_keys=True, ensure_ascii=False)),
so the C++ tests can rebuild each line with depyf::append_json_string and
compare lines without a JSON parser. The facts come from the very code object
that was marshalled, in the same process, so set iteration order (which
depends on string hashing) agrees between the data and its reprs.

This file runs under Python 3.8, so it keeps to 3.8 syntax and typing.
"""

import argparse
import importlib._bootstrap_external as bootstrap_external
import importlib.util
import json
import marshal
import math
import os
import random
import struct
import subprocess
import sys
import types
from typing import Dict, List

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA_DIR = os.path.join(REPO_ROOT, "tests", "data")
SOURCE_NAME = "fixture_source.py"
FIXED_MTIME = 1700000000

# Every kind of constant the compiler emits, and the code shapes that give
# code objects cells, free variables, qualnames, exception tables and
# (3.12+) hidden comprehension locals. Written with escapes so the lone
# surrogate survives being stored as UTF-8 text.
FIXTURE_SOURCE = r'''"""Fixture for depyf's marshal tests: one of every constant kind."""
import sys

INTS = (0, 1, -1, 255, 256, 32767, 32768, 1073741823, 1073741824, 2147483647, 2147483648,
        -2147483648, -2147483649, 9223372036854775807, 9223372036854775808,
        -9223372036854775809, 18446744073709551616)
BIG = 123456789012345678901234567890123456789012345678901234567890
NEG_BIG = -98765432109876543210987654321098765432109876543210
FLOATS = (0.0, -0.0, 0.1, 1.5, 1e16, 1e-05, 0.0001, 1e+300, 1e309, -1e309, 5e-324,
          1.7976931348623157e308, 123456789012345678.0, 2.5e-7)
COMPLEX = (1j, 2+3j, -0.0j, 1e309j, -1-2j, 1.5e300j, 0.5-1e-10j)
BYTES = (b"", b"abc", b"\x00\x7f\x80\xff", b"it's", b'say "hi"', b"both ' and \"", b"\t\n\r\\")
STRS = ("", "plain", "it's", 'say "hi"', "both ' and \"", "tab\there\nnew\rline\\",
        "\x00\x1f\x7f\x80\x9f\xa0\xad", "caf\u00e9", "\u4e2d\u6587", "\U0001f600", "\ud800",
        "x\udcff", "\u2028\u200b\ufeff", "\U000e0001", "\U0010ffff", "\ue000", "a" * 300)
NESTED = ((1, (2, (3, ("four", 5.0)))), (), ((),), (None, True, False, ...), ("a",))


def positional(a, b=1, /, c=2, *args, d, e=3, **kwargs):
    return a + b + c + d + e + len(args) + len(kwargs)


def membership(x):
    if x in {1, 2, 3}:
        return "small"
    if x in {"a", "b", "c"}:
        return "letter"
    return x not in {(1, 2), 3.5}


def closure(n):
    total = 0

    def add(k):
        nonlocal total
        total += k + n
        return total

    return add


class Shape:
    """A class body."""

    sides = 0

    def __init__(self, name):
        self.name = name

    def describe(self):
        return f"{self.name!r} has {self.sides:>3} sides"

    class Inner:
        def method(self):
            return super().__repr__()


square = lambda x: x * x


def comprehensions(items):
    evens = [i for i in items if i % 2 == 0]
    squares = {i: i * i for i in items}
    unique = {i % 3 for i in items}
    lazy = sum(i for i in items)
    return evens, squares, unique, lazy


def generator(n):
    yield from range(n)
    yield 1


async def coroutine(x):
    await x
    async with x as y:
        pass
    async for z in y:
        pass
    return [w async for w in y]


def handlers(path):
    try:
        with open(path) as f:
            return f.read()
    except (OSError, ValueError) as error:
        return str(error)
    finally:
        print("done")


def café(données=("é",)):
    return données


def walrus(data):
    if (n := len(data)) > 10:
        return n
    return -n
'''

# Appended for 3.14+ only (the older fixtures stay as they were): 3.14 folds
# constant slices into co_consts.
FIXTURE_SOURCE_314 = r'''

def slices(data):
    return data[1:2], data[::-1], data[:"end"], data[-1:]
'''

_SHARED = [1, 2]
# Values for the plain marshal fixtures: the kinds that only marshal data
# (not co_consts) holds, shared references, and each string encoding.
VALUES = (
    None, True, False, Ellipsis, StopIteration,
    0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 64, -(2 ** 100), 10 ** 40,
    1.5, -0.0, float("inf"), -float("inf"), float("nan"), 1e-310, 1 + 2j, complex(-0.0, float("nan")),
    b"bytes", b"", "text", "", "caf\u00e9", "\ud800", "\U0001f600", "\xff\x80", "x" * 300,
    [1, [2]], [], {"k": 1, 2: (3,), (4, 5): None}, {}, {1, 2, 3}, set(), frozenset({3}), frozenset(),
    (_SHARED, _SHARED, _SHARED),
)


def newest_values() -> tuple:
    """Objects only the newest marshal formats hold: slices (3.14, format 5), frozendicts (3.15)."""
    values = [slice(1, None, 2), slice(None), slice("a", (1, 2), -1), [slice(0, 1)]]
    if sys.version_info >= (3, 15):
        import builtins

        frozendict = builtins.frozendict  # type: ignore[attr-defined]
        values += [frozendict({"k": 1, 2: (3,), "inner": frozendict()}), frozendict(), (frozendict({"a": None}),)]
    return tuple(values)


def write_flat_json(path: str, facts: Dict[str, str]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps(facts, indent=0, sort_keys=True, ensure_ascii=False))
        handle.write("\n")


def frozenset_fact(value: frozenset) -> str:
    """Order-free description of a frozenset constant.

    3.11+ marshal writes set items sorted by their marshalled bytes, so the
    stored order (which the reader keeps) is not the order repr() shows.
    """
    return "frozenset: " + " | ".join(sorted(repr(item) for item in value))


def code_facts(code: types.CodeType, prefix: str, facts: Dict[str, str]) -> None:
    """Everything the reader must reproduce about one code object, recursively."""
    facts[prefix + ".name"] = code.co_name
    if sys.version_info >= (3, 11):
        facts[prefix + ".qualname"] = code.co_qualname
        facts[prefix + ".exceptiontable"] = code.co_exceptiontable.hex()
    facts[prefix + ".filename"] = code.co_filename
    facts[prefix + ".firstlineno"] = str(code.co_firstlineno)
    facts[prefix + ".argcount"] = str(code.co_argcount)
    facts[prefix + ".posonlyargcount"] = str(code.co_posonlyargcount)
    facts[prefix + ".kwonlyargcount"] = str(code.co_kwonlyargcount)
    facts[prefix + ".nlocals"] = str(code.co_nlocals)
    facts[prefix + ".stacksize"] = str(code.co_stacksize)
    facts[prefix + ".flags"] = str(code.co_flags)
    facts[prefix + ".code"] = code.co_code.hex()
    raw_linetable = code.co_linetable if sys.version_info >= (3, 10) else code.co_lnotab
    facts[prefix + ".linetable"] = raw_linetable.hex()
    facts[prefix + ".names"] = repr(code.co_names)
    facts[prefix + ".varnames"] = repr(code.co_varnames)
    facts[prefix + ".cellvars"] = repr(code.co_cellvars)
    facts[prefix + ".freevars"] = repr(code.co_freevars)
    facts[prefix + ".consts.count"] = str(len(code.co_consts))
    for index, const in enumerate(code.co_consts):
        key = "%s.consts.%d" % (prefix, index)
        if isinstance(const, types.CodeType):
            code_facts(const, key, facts)
        elif isinstance(const, frozenset):
            facts[key] = frozenset_fact(const)
        else:
            facts[key] = repr(const)


def write_pycs(out_dir: str) -> None:
    source = FIXTURE_SOURCE + (FIXTURE_SOURCE_314 if sys.version_info >= (3, 14) else "")
    source_bytes = source.encode("utf-8")
    code = compile(source_bytes, SOURCE_NAME, "exec", dont_inherit=True)
    # The same private helpers py_compile uses, so the files are exactly what
    # the import system writes, from this very code object.
    timestamp_pyc = bootstrap_external._code_to_timestamp_pyc(code, FIXED_MTIME, len(source_bytes))
    source_hash = importlib.util.source_hash(source_bytes)
    hash_pyc = bootstrap_external._code_to_hash_pyc(code, source_hash, True)
    with open(os.path.join(out_dir, "consts.pyc"), "wb") as handle:
        handle.write(bytes(timestamp_pyc))
    with open(os.path.join(out_dir, "consts_hash.pyc"), "wb") as handle:
        handle.write(bytes(hash_pyc))

    facts: Dict[str, str] = {}
    code_facts(code, "code", facts)
    write_flat_json(os.path.join(out_dir, "consts.json"), facts)

    magic = int.from_bytes(importlib.util.MAGIC_NUMBER[:2], "little")
    headers = {
        "consts.pyc.magic": str(magic),
        "consts.pyc.flags": "0",
        "consts.pyc.mtime": str(FIXED_MTIME),
        "consts.pyc.source_size": str(len(source_bytes)),
        "consts_hash.pyc.magic": str(magic),
        "consts_hash.pyc.flags": "3",
        "consts_hash.pyc.source_hash": str(int.from_bytes(source_hash, "little")),
        "version": "%d.%d" % sys.version_info[:2],
    }
    write_flat_json(os.path.join(out_dir, "headers.json"), headers)


def write_values(out_dir: str) -> None:
    for marshal_version in range(5):
        with open(os.path.join(out_dir, "values_v%d.marshal" % marshal_version), "wb") as handle:
            handle.write(marshal.dumps(VALUES, marshal_version))
    write_flat_json(os.path.join(out_dir, "values.json"), {"values": repr(VALUES)})
    if sys.version_info >= (3, 14):
        newest = newest_values()
        with open(os.path.join(out_dir, "values_newest.marshal"), "wb") as handle:
            handle.write(marshal.dumps(newest, marshal.version))
        write_flat_json(os.path.join(out_dir, "values_newest.json"), {"values": repr(newest)})


def float_samples() -> List[float]:
    rng = random.Random(20240611)
    samples = [
        0.0, -0.0, 0.1, 0.2, 0.3, 1.0, -1.0, 1.5, 2.5, 1e15, 1e16, 1e17, 9999999999999998.0,
        1234567890123456.0, 12345678901234567.0, 123456789012345678.0, 0.001, 0.0001, 0.00001,
        0.00012345, 1.2345e-5, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
        1e300, 1e-300, 1e22, 1e23, 9007199254740993.0, 0.1 + 0.2, 1 / 3, 2 / 3, math.pi, math.e,
        float("inf"), float("-inf"), float("nan"), 100.0, 123.456, 1e100, 4.35, 0.5e-4,
    ]
    for _ in range(400):
        bits = rng.getrandbits(64)
        samples.append(struct.unpack("<d", struct.pack("<Q", bits))[0])
    for _ in range(300):
        samples.append(round(rng.uniform(-1e6, 1e6), rng.randint(0, 12)))
    for _ in range(200):
        samples.append(rng.choice([-1, 1]) * 10.0 ** rng.randint(-30, 30) * rng.randint(1, 99))
    return samples


def write_float_reprs(path: str) -> None:
    """Lines 'f BITS repr' and 'c BITS BITS repr', bits as 16 hex digits."""
    def bits(value: float) -> str:
        return "%016x" % struct.unpack("<Q", struct.pack("<d", value))[0]

    samples = float_samples()
    lines = ["f %s %s" % (bits(value), repr(value)) for value in samples]
    rng = random.Random(7)
    parts = [0.0, -0.0, 1.0, -1.0, 1.5, 1e16, 1e-5, float("inf"), float("-inf"), float("nan")]
    for real in parts:
        for imag in parts:
            lines.append("c %s %s %s" % (bits(real), bits(imag), repr(complex(real, imag))))
    for _ in range(100):
        real, imag = rng.choice(samples), rng.choice(samples)
        lines.append("c %s %s %s" % (bits(real), bits(imag), repr(complex(real, imag))))
    with open(path, "w", encoding="ascii", newline="\n") as handle:
        handle.write("\n".join(lines) + "\n")


def emit(out_dir: str) -> None:
    os.makedirs(out_dir, exist_ok=True)
    write_pycs(out_dir)
    write_values(out_dir)


def drive() -> None:
    sys.path.insert(0, os.path.join(REPO_ROOT, "tools"))
    import pythons  # noqa: E402  (tools/ is not a package)

    env = dict(os.environ, PYTHONHASHSEED="0")
    for minor, python in sorted(pythons.all_pythons(required=True).items()):
        out_dir = os.path.join(DATA_DIR, "py3%d" % minor)
        subprocess.run([python, os.path.abspath(__file__), "--emit", out_dir], check=True, env=env)
        print("wrote %s (%s)" % (os.path.relpath(out_dir, REPO_ROOT), python))
    write_float_reprs(os.path.join(DATA_DIR, "float_reprs.txt"))
    print("wrote tests/data/float_reprs.txt")


def main(argv: List[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--emit", metavar="DIR", help="write this interpreter's fixtures into DIR (internal)")
    args = parser.parse_args(argv)
    if args.emit:
        emit(args.emit)
    else:
        drive()


if __name__ == "__main__":
    main(sys.argv[1:])
