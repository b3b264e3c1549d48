"""The abi3 extension imports and disassembles live code on EVERY interpreter 3.8-3.15.

For each reference interpreter, a temporary directory holds a symlink named
``depyf`` to the installed package (the one carrying the built _core), and a
script run under that interpreter with PYTHONPATH pointing there compares
depyf._core.disassemble_code(code, True) with that interpreter's dis
(tools/dis_reference.py, the same reference the stdlib sweep uses), and
disassemble_code(code, False) with the text dis.dis prints, for:
plain functions, closures, generators, coroutines, methods, lambdas, functions
that have run hot (3.11+ specialises them; the listing must be of co_code, as
dis shows it), code whose co_consts holds objects without a literal (as
torch.compile's Dynamo produces), and module code of a stdlib slice compiled
in-process, and on 3.14+ the new constructs (template strings, deferred
annotations, `except A, B:`; 3.15 lazy imports). test_live_decompile_matches_marshal
checks that decompiling a live function gives the same source as decompiling
the marshal data of its code (the script runs once per version for both).

qualname of the listed root: a live code object is listed on its own, so on
3.11+ it is co_qualname (== fn.__qualname__), and on 3.8-3.10, where code
objects carry no qualname, it is co_name -- the same rule the .pyc path uses
for a module, which keeps both paths consistent. Nested code objects follow
the MAKE_FUNCTION rule of tools/dis_reference.py on every version.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
from typing import Any, Dict

import pytest
from conftest import TOOLS, VERSION_PARAMS, installed_depyf_dir, reference_python

LIVE_SCRIPT = textwrap.dedent(
    r'''
    import asyncio, dis, json, os, sys, sysconfig, types, warnings
    from textwrap import dedent as textwrap_dedent
    sys.path.insert(0, sys.argv[1])  # tools/
    import dis_reference as ref
    import depyf
    from depyf import _core

    failures = []
    decompile_failures = []
    checked = []

    def check(label, code, reference_code=None):
        """reference_code: what dis should read instead (when dis itself cannot repr a constant)."""
        checked.append(label)
        try:
            text = _core.disassemble_code(code, True)
        except Exception as exc:
            failures.append("%s: %s: %s" % (label, type(exc).__name__, exc))
            return None
        actual = ref.parse_json_lines(text)
        expected = ref.reference_records(reference_code or code)
        equal, problems = ref.compare_listings(expected, actual)
        failures.extend("%s: %s" % (label, p) for p in problems[:3])
        if reference_code is None:
            expected_text = ref.reference_text(code, stored_order=False)  # live frozensets: iteration order
            equal, problems = ref.compare_text_listings(expected_text, _core.disassemble_code(code, False))
            failures.extend("%s: %s" % (label, p) for p in problems[:3])
        return actual

    # ---- functions of many kinds ----------------------------------------
    def plain(a, b=1, *args, c, **kw):
        return a + b

    def make_closure(x):
        def inner(y):
            return x + y + len([x for _ in range(y)])
        return inner

    def gen(n):
        total = yield from range(n)
        yield total

    async def coro(delay):
        await asyncio.sleep(delay)
        async with asyncio.Lock():
            pass
        return [i async for i in agen()]

    async def agen():
        yield 1

    class Klass:
        def method(self, x):
            try:
                return [x + y for y in range(3)]
            except (KeyError, TypeError) as exc:
                raise ValueError(x) from exc
            finally:
                x = None

        @property
        def prop(self):
            return super().__repr__()

    def hot(n):
        total = 0
        for i in range(n):
            total += i * 2 if i % 3 else len(str(i))
        return total

    for _ in range(2000):
        hot(20)  # 3.11+: quickened/specialised; the listing stays that of co_code

    lam = lambda q: q ** 2

    # New syntax, compiled from text so this script still parses on 3.8.
    NEWER = {
        14: """
    from string.templatelib import Template
    def templated(name, width):
        return t"hello {name!r:>{width}} and {width}"
    def annotated(a: int, *rest: str, key: 'list[int]' = None) -> dict:
        local: float = 1.0
        return {}
    class Annotated:
        field: int
        other: 'Annotated'
    def except_pair(f):
        try:
            return f()
        except ValueError, TypeError:
            return None
        finally:
            pass
    async def specials(cm, it):
        async with cm as value:
            async for item in it:
                if item in value and item is not None:
                    return value[item] if item not in (1, 2) else -1
        with cm:
            assert it, 'message'
    def posonly(a, /, b, *c, d, **e):
        def inner():
            return a
        return inner
    """,
        15: """
    lazy import json
    lazy from os import path as p
    def lazily():
        return json, p
    """,
    }
    newer = []
    for since, source in sorted(NEWER.items()):
        if sys.version_info >= (3, since):
            namespace = {}
            exec(compile(textwrap_dedent(source), "<3.%d syntax>" % since, "exec"), namespace)
            newer += [v for k, v in sorted(namespace.items()) if isinstance(v, types.FunctionType)]
            newer += [v for k, v in sorted(namespace.items()) if isinstance(v, type)]
            check("module <3.%d syntax>" % since, compile(textwrap_dedent(source), "<3.%d syntax>" % since, "exec"))
    newer_functions = [f for f in newer if isinstance(f, types.FunctionType)]
    for cls in [c for c in newer if isinstance(c, type)]:
        annotate = cls.__dict__.get("__annotate__") or cls.__dict__.get("__annotate_func__")
        if isinstance(annotate, types.FunctionType):
            newer_functions.append(annotate)
    for fn in list(newer_functions):
        annotate = getattr(fn, "__annotate__", None)
        if isinstance(annotate, types.FunctionType):
            newer_functions.append(annotate)

    functions = [plain, make_closure, make_closure(3), gen, coro, agen, Klass.method, Klass.prop.fget, hot, lam,
                 json.dumps, os.path.join] + newer_functions
    for fn in functions:
        listing = check("function %s" % fn.__qualname__, fn.__code__)
        if listing:
            # co_qualname; a 3.14 compiler-made __annotate__ has a longer __qualname__ set at run time.
            want = fn.__code__.co_qualname if sys.version_info >= (3, 11) else fn.__code__.co_name
            if listing[0].get("qualname") != want:
                failures.append("function %s: root qualname %r, expected %r" % (
                    fn.__qualname__, listing[0].get("qualname"), want))

    # ---- the public wrapper ---------------------------------------------
    for fn in (plain, make_closure, Klass.method):
        text = depyf.disassemble(fn)
        names = set(i.opname for i in dis.get_instructions(fn))
        missing = sorted(n for n in names if n not in text)
        if not isinstance(text, str) or missing:
            failures.append("depyf.disassemble(%s) lacks %s" % (fn.__qualname__, missing))
        if hasattr(depyf, "disassemble_json"):
            equal, problems = ref.compare_listings(ref.reference_records(fn.__code__),
                                                   ref.parse_json_lines(depyf.disassemble_json(fn)))
            failures.extend("depyf.disassemble_json(%s): %s" % (fn.__qualname__, p) for p in problems[:3])

    # ---- constants without a literal (Dynamo puts such objects in co_consts) ----
    class Marker(object):
        def __init__(self, tag):
            self.tag = tag
        def __repr__(self):
            return "<opaque marker %s>" % self.tag

    class BadRepr(object):
        def __repr__(self):
            raise RuntimeError("repr fails")

    def uses_constants(x):
        a = 12345  # separate statements: no constant folding into one tuple
        b = (1, 2)
        c = 678.5
        return a, b, c, x

    def substituted(code, mapping):
        consts = tuple(mapping.get(c, c) if isinstance(c, (int, float)) and not isinstance(c, bool) else c
                       for c in code.co_consts)
        if (1, 2) in consts:
            consts = tuple((1, Marker("in-tuple")) if c == (1, 2) else c for c in consts)
        return code.replace(co_consts=consts)

    opaque = substituted(uses_constants.__code__, {12345: Marker("one"), 678.5: uses_constants})
    if check("opaque constants", opaque):
        text = _core.disassemble_code(opaque, False)
        for wanted in ("<opaque marker one>", "<opaque marker in-tuple>", "uses_constants"):
            if wanted not in text:
                failures.append("opaque constants: text listing lacks %r" % wanted)
    bad = substituted(uses_constants.__code__, {12345: BadRepr()})
    # dis cannot list it (its argrepr calls repr), so compare with the unchanged code.
    if check("constant whose repr raises", bad, uses_constants.__code__):
        try:
            _core.disassemble_code(bad, False)
        except Exception as exc:
            failures.append("constant whose repr raises: text listing failed: %s: %s" % (type(exc).__name__, exc))
    nested = make_closure.__code__
    outer = nested.replace(co_consts=nested.co_consts + (Marker("in-outer"),))
    check("opaque constant next to a nested code object", outer)

    # ---- decompiling live code agrees with decompiling its marshal data ----
    # The live reader takes 3.12+ "hidden" local kinds (inlined comprehension
    # variables) from marshal only where LOAD_FAST_AND_CLEAR occurs.
    import marshal

    def inlined(xs):
        n = 0
        ys = [z * 2 for z in xs if z]
        return {k: n for k in ys}, [n for n in ys]

    for fn in (plain, make_closure, inlined, hot, Klass.method, lam):
        try:
            # (The code object: decompile(fn) adds the function object's defaults and
            # annotations, which marshal data of the code does not hold.)
            live = depyf.decompile(fn.__code__).strip()
            via = _core.decompile_marshal(marshal.dumps(fn.__code__), sys.version_info[1]).strip()
        except Exception as exc:
            decompile_failures.append("decompile %s: %s: %s" % (fn.__qualname__, type(exc).__name__, exc))
            continue
        checked.append("decompile %s" % fn.__qualname__)
        if live != via:
            decompile_failures.append(
                "decompile %s: live code gives\n%s\nmarshal data gives\n%s" % (fn.__qualname__, live, via))

    # ---- module code of a stdlib slice, compiled in-process -----------------
    lib = sysconfig.get_paths()["stdlib"]
    sources = []
    for directory, subdirs, files in os.walk(lib):
        subdirs[:] = sorted(d for d in subdirs if d not in ("site-packages", "__pycache__"))
        sources += [os.path.join(directory, f) for f in sorted(files) if f.endswith(".py")]
    sources.sort()
    modules = 0
    for path in sources[int(sys.argv[2])::int(sys.argv[3])]:
        code, _, reason = ref.compile_source(path)
        if code is not None:
            modules += 1
            check("module %s" % os.path.relpath(path, lib), code)

    print(json.dumps({"version": sys.version, "checked": len(checked), "modules": modules, "failures": failures,
                      "decompile_failures": decompile_failures}))
    '''
)


_REPORTS: Dict[int, Dict[str, Any]] = {}


def live_report(minor: int, tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Any]:
    """What LIVE_SCRIPT reports under CPython 3.<minor> (run once per version)."""
    if minor in _REPORTS:
        return _REPORTS[minor]
    python = reference_python(minor)
    package = installed_depyf_dir()
    tmp_path = tmp_path_factory.mktemp("live-3.%d" % minor)
    site = tmp_path / "site"
    site.mkdir()
    os.symlink(package, str(site / "depyf"))
    script = tmp_path / "live.py"
    script.write_text(LIVE_SCRIPT)
    # The chroot interpreters (3.14, 3.15) see the package's folder only when their wrapper binds it.
    binds = " ".join(filter(None, [os.environ.get("DEPYF_DEBIAN_BINDS", ""), package, TOOLS]))
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1", DEPYF_DEBIAN_BINDS=binds)
    proc = subprocess.run([python, str(script), TOOLS, str(minor), "40"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, env=env, cwd=str(tmp_path), timeout=300)
    assert proc.returncode == 0, "3.%d: the script failed (exit %d):\n%s" % (minor, proc.returncode, proc.stderr[-4000:])
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["version"].startswith("3.%d." % minor)
    _REPORTS[minor] = report
    return report


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_live_code_agrees_with_dis(minor: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    report = live_report(minor, tmp_path_factory)
    assert report["modules"] >= 15, report
    assert not report["failures"], "3.%d: %d of %d checks differ from dis:\n%s" % (
        minor, len(report["failures"]), report["checked"], "\n".join(report["failures"][:30]))


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_live_decompile_matches_marshal(minor: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    report = live_report(minor, tmp_path_factory)
    assert not report["decompile_failures"], "3.%d: decompiling live code differs from its marshal data:\n%s" % (
        minor, "\n".join(report["decompile_failures"][:30]))
