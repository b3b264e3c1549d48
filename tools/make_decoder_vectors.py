"""Write the decoder test vectors in tests/data/decoder/.

For every reference interpreter (tools/pythons.py) this compiles a corpus of
tricky snippets, walks every code object and records its raw fields next to
what that interpreter's own `dis` says about it: get_instructions (offset,
opname, arg, jump target), _parse_exception_table, co_lines, findlinestarts
and the dis.disassemble text. It also records synthetic code objects made
with code.replace(): random line tables, random exception tables and random
EXTENDED_ARG-heavy instruction streams, whose expected values come from
dis._unpack_opargs / co_lines / findlinestarts of the same interpreter.

The C++ tests (tests/cpp/test_decoder.cpp and friends) read these files, so
they need no marshal reader and no interpreter. The format is line based and
trivial to parse; see FORMAT below.

Usage:  python tools/make_decoder_vectors.py          (writes all versions)
The script re-runs itself under each interpreter with --dump; that part must
stay runnable on Python 3.8.
"""

import binascii
import dis
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import types

from exception_table_encoding import exception_table_entry, varint

FORMAT = """\
# Format: one record per code object, 'code' ... 'end'. Tokens are separated by
# single spaces; every string is 'x' followed by its UTF-8 (or raw bytes) in hex.
#   code ID PARENT CONST_INDEX SYNTHETIC   PARENT/CONST_INDEX are -1 for a root
#   name / qualname (qualname '?' when unknown) / filename / firstlineno / flags
#   co_code / linetable / exceptiontable   (linetable: co_lnotab for 3.8/3.9)
#   consts K...     K = N | T | F | E | I:<decimal> | S:<hex> | C:<code id> | O:<hex repr>
#   names / varnames / cellvars / freevars / localsplus (name hex ':' kind)
#   instr OFFSET OPNAME ARG|- TARGET|-     (dis.get_instructions; TARGET for jumps)
#   exc START END TARGET DEPTH LASTI        (dis._parse_exception_table)
#   lines START END LINE|-                  (co_lines(); absent for 3.8/3.9)
#   starts OFFSET LINE|-                    (dis.findlinestarts)
#   dis|TEXT                                (dis.disassemble output, one line each, code
#                                           object addresses shown as 0x0; real code only)
"""

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT_DIR = os.path.join(ROOT, "tests", "data", "decoder")
SEED = 20240611


# ---------------------------------------------------------------- the corpus


def _long_if_body(count):
    lines = ["def long_jumps(x):", "    total = 0", "    if x:"]
    for i in range(count):
        lines.append("        total += x * %d + (x - %d)" % (i, i))
    lines.append("    else:")
    lines.append("        total = -1")
    lines.append("    while total > 0:")
    for i in range(count // 2):
        lines.append("        total -= %d" % (i + 1))
    lines.append("    return total")
    return "\n".join(lines) + "\n"


def _many_constants(count):
    items = ", ".join("%d.5" % i for i in range(count))
    names = "\n".join("    v%d = %d.25" % (i, i) for i in range(count))
    return "def many_consts():\n    t = [%s]\n%s\n    return t, 'last'\n" % (items, names)


def _many_names(count):
    body = "\n".join("    g%d = h%d" % (i, i) for i in range(count))
    return "def many_names():\n    global %s\n%s\n" % (", ".join("g%d" % i for i in range(count)), body)


def _far_lines():
    gap = "\n" * 300
    return (
        "def far_apart(a):\n"
        "    x = a\n" + gap + "    y = x + 1\n" + ("\n" * 130) + "    if y:\n"
        "        z = (y,\n" + ("\n" * 200) + "             x)\n"
        "    return (z,\n" + ("\n" * 1000) + "            y)\n"
    )


SNIPPETS = [
    ("basic", 8, "x = 1\ny = x + 2\nprint(x, y)\n"),
    (
        "functions",
        8,
        "def f(a, b=2, *args, c, d=4, **kw):\n"
        "    def inner(e):\n"
        "        nonlocal a\n"
        "        a = e + b\n"
        "        return lambda q: q + a + c\n"
        "    return inner\n"
        "class C:\n"
        "    attr = 1\n"
        "    def method(self, y):\n"
        "        return super().method(y) + self.attr\n"
        "    class Inner:\n"
        "        def deep(self):\n"
        "            return [i for i in range(3)]\n"
        "    @staticmethod\n"
        "    def s(*, k):\n"
        "        return {k: v for v in k}\n",
    ),
    (
        "exceptions",
        8,
        "def g(x):\n"
        "    try:\n"
        "        x = 1 / x\n"
        "    except ZeroDivisionError as e:\n"
        "        print(e)\n"
        "    except (TypeError, ValueError):\n"
        "        pass\n"
        "    else:\n"
        "        x += 1\n"
        "    finally:\n"
        "        print('done')\n"
        "    try:\n"
        "        try:\n"
        "            return x\n"
        "        finally:\n"
        "            x = 2\n"
        "    except Exception:\n"
        "        raise\n"
        "    for i in range(3):\n"
        "        try:\n"
        "            continue\n"
        "        finally:\n"
        "            break\n",
    ),
    (
        "withs",
        8,
        "def w(p, q):\n"
        "    with open(p) as f, open(q) as g:\n"
        "        data = f.read() + g.read()\n"
        "    with p:\n"
        "        pass\n"
        "    return data\n",
    ),
    (
        "async_code",
        8,
        "async def a(xs):\n"
        "    async with xs as y:\n"
        "        await y\n"
        "    async for z in xs:\n"
        "        print(z)\n"
        "    r = [w async for w in xs]\n"
        "    return r\n"
        "async def agen():\n"
        "    yield 1\n"
        "    await agen()\n",
    ),
    (
        "generators",
        8,
        "def gen(n):\n"
        "    yield n\n"
        "    x = yield from range(n)\n"
        "    return (i * i for i in range(n) if i % 2)\n",
    ),
    (
        "comprehensions",
        8,
        "def comp(xs):\n"
        "    a = [x for x in xs if x]\n"
        "    b = {x: y for x in xs for y in xs}\n"
        "    c = {x for x in xs}\n"
        "    d = (x for x in xs)\n"
        "    return [[y for y in x] for x in xs], a, b, c, d\n",
    ),
    (
        "control_flow",
        8,
        "def cf(x, y):\n"
        "    while x:\n"
        "        if y:\n"
        "            break\n"
        "        x -= 1\n"
        "    else:\n"
        "        y = 0\n"
        "    for i in range(x):\n"
        "        if i == 3:\n"
        "            continue\n"
        "        elif i > 4 and y or not x:\n"
        "            return i\n"
        "    z = x if y else -x\n"
        "    assert z, 'message'\n"
        "    return 1 < x < 3 and (y is None or y is not x) and x in (1, 2)\n",
    ),
    (
        "lines_backwards",
        8,
        "def back(a,\n"
        "         b):\n"
        "    return (\n"
        "        a\n"
        "        +\n"
        "        b\n"
        "    ) if (\n"
        "        a\n"
        "    ) else foo(\n"
        "        b,\n"
        "        a,\n"
        "    )\n"
        "for i in range(3):\n"
        "    x = [\n"
        "        i,\n"
        "        i + 1]\n",
    ),
    (
        "strings",
        8,
        "def s(name, v):\n"
        "    return f'{name!r:>10} {v!s} {v:{name}} {v!a}' + 'caf\\u00e9' + b'\\x00\\xff'.hex()\n"
        "x = 'snowman \\u2603'\n",
    ),
    ("walrus", 8, "def wal(xs):\n    if (n := len(xs)) > 3:\n        return n\n    return [y := 5, y ** 2]\n"),
    (
        "imports",
        8,
        "import os, sys as system\nfrom os.path import join as j, exists\nfrom . import sibling\n"
        "def imp():\n    import json\n    from json import loads\n    return json, loads\n",
    ),
    ("annotations", 8, "x: int = 3\ndef ann(a: 'A', b: int = 2) -> str:\n    y: list = []\n    return y\n"),
    ("unpacking", 8, "a, *b, c = range(9)\n(d, e), f = (1, 2), 3\nprint(*b, **{'k': c})\n"),
    ("slices", 8, "def sl(x):\n    x[1:2] = x[::2]\n    del x[0]\n    return x[1:-1], x[:, 1:]\n"),
    (
        "matching",
        10,
        "def m(cmd):\n"
        "    match cmd:\n"
        "        case [x, y, *rest] if x > 0:\n"
        "            return x + y\n"
        "        case {'k': v, **kw}:\n"
        "            return v\n"
        "        case Point(x=0, y=yy) | Point(x=yy):\n"
        "            return yy\n"
        "        case str() | bytes() as s:\n"
        "            return s\n"
        "        case 1 | 2 | None:\n"
        "            return 0\n"
        "        case _:\n"
        "            return None\n",
    ),
    (
        "exception_groups",
        11,
        "def eg():\n"
        "    try:\n"
        "        raise ExceptionGroup('g', [ValueError(1)])\n"
        "    except* ValueError as e:\n"
        "        print(e)\n"
        "    except* TypeError:\n"
        "        pass\n",
    ),
    (
        "type_params",
        12,
        "type Alias[T] = list[T]\n"
        "def generic[T: int, *Ts, **P](x: T) -> T:\n"
        "    return x\n"
        "class Box[T]:\n"
        "    def get(self) -> T:\n"
        "        return super().get()\n",
    ),
    (
        "py314_constructs",
        14,
        "from string.templatelib import Template\n"
        "def tmpl(name, width):\n"
        "    return t'hi {name!r:>{width}} {width=}'\n"
        "def pair(f):\n"
        "    try:\n"
        "        return f()\n"
        "    except ValueError, TypeError:\n"
        "        return None\n"
        "class Annotated:\n"
        "    field: int\n"
        "    other: 'Annotated' = None\n"
        "async def specials(cm, it, d):\n"
        "    async with cm as value:\n"
        "        async for item in it:\n"
        "            if item in value and item is not None and item not in d:\n"
        "                return d[item], d[1:2], -1, 255, 256\n"
        "    with cm:\n"
        "        assert all(x for x in it), 'message'\n"
        "    raise NotImplementedError\n",
    ),
    (
        "py315_lazy_imports",
        15,
        "lazy import json\n"
        "lazy from os import path as p, sep\n"
        "import sys\n"
        "def use():\n"
        "    return json, p, sep, sys, [*range(3)], {*range(2)}\n",
    ),
    ("long_jumps", 8, _long_if_body(160)),
    ("many_consts", 8, _many_constants(260)),
    ("many_names", 8, _many_names(260)),
    ("far_lines", 8, _far_lines()),
    (
        "big_line_numbers",
        8,
        ("\n" * 70000) + "def big(x):\n    for i in x:\n        yield i\n    return [i for i in x]\n",
    ),
    (
        "dead_code",
        8,
        "def dead(x):\n"
        "    return x\n"
        "    print('never')\n"
        "def loop_forever():\n"
        "    while True:\n"
        "        pass\n"
        "def with_return(f):\n"
        "    with f:\n"
        "        return 1\n"
        "    for i in f:\n"
        "        try:\n"
        "            return i\n"
        "        except:\n"
        "            pass\n",
    ),
]


# ------------------------------------------------------------- dump helpers


def hx(data):
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return "x" + binascii.hexlify(data).decode("ascii")


def opt(value):
    return "-" if value is None else str(value)


def line_table_bytes(co):
    if sys.version_info[:2] <= (3, 9):
        return co.co_lnotab
    return co.co_linetable


def localsplus(co):
    """[(name, kind)] in locals-plus order (3.11+), kinds rebuilt from the views."""
    names = []
    i = 0
    while True:
        try:
            names.append(co._varname_from_oparg(i))
        except Exception:
            break
        i += 1
    result = []
    for index, name in enumerate(names):
        if index < len(co.co_varnames) and co.co_varnames[index] == name:
            kind = 0x20 | (0x40 if name in co.co_cellvars else 0)
        elif name in co.co_freevars and index >= len(names) - len(co.co_freevars):
            kind = 0x80
        else:
            kind = 0x40
        result.append((name, kind))
    return result


def const_token(value, code_ids):
    if value is None:
        return "N"
    if value is True:
        return "T"
    if value is False:
        return "F"
    if value is Ellipsis:
        return "E"
    if type(value) is int:
        return "I:%d" % value
    if type(value) is str:
        return "S:" + hx(value)
    if isinstance(value, types.CodeType):
        return "C:%d" % code_ids[id(value)]
    return "O:" + hx(repr(value))


def jump_opcodes():
    ops = set(dis.hasjrel) | set(dis.hasjabs)
    return ops


def expected_instructions(co):
    jumps = jump_opcodes()
    rows = []
    for ins in dis.get_instructions(co):
        target = ins.argval if (ins.opcode in jumps and ins.arg is not None) else None
        rows.append("instr %d %s %s %s" % (ins.offset, ins.opname, opt(ins.arg), opt(target)))
    return rows


def expected_opargs(code_bytes):
    """dis._unpack_opargs, for synthetic code whose args may not resolve."""
    rows = []
    for item in dis._unpack_opargs(code_bytes):
        offset, op, arg = item[0], item[-2], item[-1]
        rows.append("instr %d %s %s -" % (offset, dis._all_opname[op] if hasattr(dis, "_all_opname") else dis.opname[op], opt(arg)))
    return rows


def expected_tables(co, lines):
    if sys.version_info >= (3, 11):
        for e in dis._parse_exception_table(co):
            lines.append("exc %d %d %d %d %d" % (e.start, e.end, e.target, e.depth, 1 if e.lasti else 0))
    if sys.version_info >= (3, 10):
        for start, end, line in co.co_lines():
            lines.append("lines %d %d %s" % (start, end, opt(line)))
    for offset, line in dis.findlinestarts(co):
        lines.append("starts %d %s" % (offset, opt(line)))


def record(co, ident, parent, const_index, synthetic, qualname, code_ids, code_bytes=None):
    """The record of one code object; code_bytes replaces its co_code (synthetic only)."""
    if code_bytes is None:
        code_bytes = co.co_code
    lines = ["code %d %d %d %d" % (ident, parent, const_index, 1 if synthetic else 0)]
    lines.append("name " + hx(co.co_name))
    lines.append("qualname " + (hx(qualname) if qualname is not None else "?"))
    lines.append("filename " + hx(co.co_filename))
    lines.append("firstlineno %d" % co.co_firstlineno)
    lines.append("flags %d" % co.co_flags)
    lines.append("co_code " + hx(code_bytes))
    lines.append("linetable " + hx(line_table_bytes(co)))
    lines.append("exceptiontable " + hx(getattr(co, "co_exceptiontable", b"")))
    lines.append(" ".join(["consts"] + [const_token(c, code_ids) for c in co.co_consts]))
    lines.append(" ".join(["names"] + [hx(n) for n in co.co_names]))
    lines.append(" ".join(["varnames"] + [hx(n) for n in co.co_varnames]))
    lines.append(" ".join(["cellvars"] + [hx(n) for n in co.co_cellvars]))
    lines.append(" ".join(["freevars"] + [hx(n) for n in co.co_freevars]))
    if sys.version_info >= (3, 11):
        lines.append(" ".join(["localsplus"] + ["%s:%d" % (hx(n), k) for n, k in localsplus(co)]))
    if synthetic:
        lines.extend(expected_opargs(code_bytes))
    else:
        lines.extend(expected_instructions(co))
    expected_tables(co, lines)
    if not synthetic:
        buffer = io.StringIO()
        dis.disassemble(co, file=buffer)
        # Raw text, one 'dis|' line per output line: dis never prints a
        # newline inside a line (reprs escape them).
        # Code object addresses change from run to run; C++ prints 0x0.
        text = re.sub(r" at 0x[0-9a-f]+,", " at 0x0,", buffer.getvalue())
        lines.extend("dis|" + line for line in text.split("\n"))
    lines.append("end")
    return lines


def walk(co, parent=None, where=-1):
    """Depth first: (code, parent, index in the parent's co_consts), the code
    object itself first, then its code constants in co_consts order."""
    yield co, parent, where
    for index, const in enumerate(co.co_consts):
        if isinstance(const, types.CodeType):
            for item in walk(const, co, index):
                yield item


def known_qualname(co, tag, mapping):
    if hasattr(co, "co_qualname"):
        return co.co_qualname
    return mapping.get("%s|%s|%d" % (tag, co.co_name, co.co_firstlineno))


# ------------------------------------------------------- synthetic vectors


def known_ops():
    # Instrumented opcodes only exist inside a running interpreter; creating a
    # code object with them would confuse CPython itself.
    skip = ("<", "INSTRUMENTED_", "ENTER_EXECUTOR", "CACHE")
    return [op for op in range(256) if not dis.opname[op].startswith(skip)]


def cache_units(op):
    table = getattr(dis, "_inline_cache_entries", None)
    if table is None:
        return 0
    if hasattr(table, "get"):  # 3.13+: name -> count (3.15: a frozendict)
        return table.get(dis.opname[op], 0)
    return table[op]


def has_arg(op):
    if hasattr(dis, "hasarg"):
        return op in dis.hasarg
    return op >= dis.HAVE_ARGUMENT


def random_code(rng):
    ops = known_ops()
    ext = dis.opmap["EXTENDED_ARG"]
    out = bytearray()
    for _ in range(rng.randint(1, 40)):
        choice = rng.random()
        if choice < 0.3:
            for _ in range(rng.randint(1, 4)):
                out += bytes([ext, rng.choice([0, 1, 0x7F, 0x80, 0xFF])])
        op = rng.choice(ops)
        out += bytes([op, rng.randint(0, 255) if has_arg(op) or rng.random() < 0.5 else 0])
        # Real caches: CPython's own quickening walks them when the code
        # object is created. Caches running off the end are tested in C++.
        out += bytes(2 * cache_units(op))
    return bytes(out)


def random_lnotab(rng):
    out = bytearray()
    for _ in range(rng.randint(0, 12)):
        out += bytes([rng.choice([0, 1, 2, 6, 254, 255]), rng.choice([0, 1, 5, 127, 128, 200, 255])])
    return bytes(out)


def random_linetable_310(rng):
    out = bytearray()
    for _ in range(rng.randint(1, 12)):
        out += bytes([rng.choice([0, 2, 4, 8, 254]), rng.choice([0, 1, 3, 127, 128, 129, 255]) & 0xFF])
    out += bytes([2, 1])  # never end on an empty range (CPython would read past the table)
    return bytes(out)


def signed_varint(value):
    return varint((-value << 1) | 1 if value < 0 else value << 1)


def random_location_table(rng):
    out = bytearray()
    for _ in range(rng.randint(1, 14)):
        length = rng.randint(1, 8) - 1
        kind = rng.choice([0, 3, 9, 10, 11, 12, 13, 14, 15])
        out.append(0x80 | (kind << 3) | length)
        if kind <= 9:
            out.append(rng.randint(0, 127))
        elif kind <= 12:
            out += bytes([rng.randint(0, 127), rng.randint(0, 127)])
        elif kind == 13:
            out += signed_varint(rng.choice([0, 1, -1, 5, -40, 300, 70000]))
        elif kind == 14:
            out += signed_varint(rng.choice([0, 2, -3, 1000]))
            out += varint(rng.randint(0, 3)) + varint(rng.randint(0, 90)) + varint(rng.randint(0, 90))
    return bytes(out)


def random_exception_table(rng, code_units):
    out = bytearray()
    for _ in range(rng.randint(1, 6)):
        start = rng.randint(0, max(code_units - 1, 0))
        out += exception_table_entry(start, rng.randint(1, 5000), rng.randint(0, 100000), rng.randint(0, 300))
    return bytes(out)


def synthetic_codes(base, rng):
    """[(code object, raw instruction bytes or None)].

    3.11+ interpreters prepare new code objects for specialisation and can
    crash on random bytecode, so there the code object keeps the real
    bytecode (co_lines and the exception table do not depend on it) and the
    random instruction stream is recorded next to it, checked against
    dis._unpack_opargs alone. Older versions take the random bytecode.
    """
    minor = sys.version_info[1]
    results = []
    for _ in range(60):
        code_bytes = random_code(rng)
        changes = {}
        if minor <= 9:
            changes["co_lnotab"] = random_lnotab(rng)
        elif minor == 10:
            changes["co_linetable"] = random_linetable_310(rng)
        else:
            changes["co_linetable"] = random_location_table(rng)
            changes["co_exceptiontable"] = random_exception_table(rng, len(code_bytes) // 2)
        if minor <= 10:
            changes["co_code"] = code_bytes
            results.append((base.replace(**changes), None))
        else:
            results.append((base.replace(**changes), code_bytes))
    # A code object with no line table at all.
    results.append((base.replace(**{("co_lnotab" if minor <= 9 else "co_linetable"): b""}), None))
    return results


# ------------------------------------------------------------------ drivers


def dump(mapping_path, out_path):
    mapping = {}
    if mapping_path and os.path.exists(mapping_path):
        with open(mapping_path) as handle:
            mapping = json.load(handle)
    minor = sys.version_info[1]
    rng = random.Random(SEED + minor)
    out = [
        "# Generated by tools/make_decoder_vectors.py under Python %s. Do not edit." % sys.version.split()[0],
        FORMAT.rstrip("\n"),
        "version %d %d" % sys.version_info[:2],
    ]
    next_id = 0
    base = None
    for tag, min_minor, source in SNIPPETS:
        if minor < min_minor:
            continue
        module = compile(source, "<%s>" % tag, "exec")
        if base is None:
            base = module
        code_ids = {}
        nodes = list(walk(module))
        for co, _, _ in nodes:
            code_ids[id(co)] = next_id + len(code_ids)
        for co, parent, where in nodes:
            qualname = known_qualname(co, tag, mapping) if parent is not None else co.co_name
            out.extend(
                record(co, code_ids[id(co)], -1 if parent is None else code_ids[id(parent)], where, False, qualname, code_ids)
            )
        next_id += len(code_ids)
    for co, code_bytes in synthetic_codes(base, rng):
        out.extend(record(co, next_id, -1, -1, True, co.co_name, {}, code_bytes))
        next_id += 1
    with open(out_path, "w") as handle:
        handle.write("\n".join(out) + "\n")


def dump_qualnames(out_path):
    """Run under 3.11: (snippet, name, firstlineno) -> co_qualname, unique keys only."""
    seen = {}
    for tag, min_minor, source in SNIPPETS:
        if min_minor > 10:
            continue
        for co, _, _ in walk(compile(source, "<%s>" % tag, "exec")):
            key = "%s|%s|%d" % (tag, co.co_name, co.co_firstlineno)
            seen.setdefault(key, []).append(co.co_qualname)
    unique = {key: values[0] for key, values in seen.items() if len(set(values)) == 1 and len(values) == 1}
    with open(out_path, "w") as handle:
        json.dump(unique, handle)


def main():
    sys.path.insert(0, HERE)
    from pythons import all_pythons

    pythons = all_pythons(required=True)
    os.makedirs(OUT_DIR, exist_ok=True)
    # Fixed hashing keeps frozenset reprs (and so the files) reproducible.
    env = dict(os.environ, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as tmp:
        mapping = os.path.join(tmp, "qualnames.json")
        subprocess.run([pythons[11], __file__, "--qualnames", mapping], check=True, env=env)
        for minor, python in sorted(pythons.items()):
            target = os.path.join(OUT_DIR, "vectors_3_%d.txt" % minor)
            subprocess.run([python, __file__, "--dump", mapping, target], check=True, env=env)
            print("wrote %s (%s)" % (os.path.relpath(target, ROOT), python))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--dump":
        dump(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "--qualnames":
        dump_qualnames(sys.argv[2])
    else:
        main()
