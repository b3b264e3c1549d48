"""A nested function that cannot be decompiled keeps its original bytecode.

For every interpreter 3.8-3.15: a module is compiled there, its marshal data
is decompiled here with some functions treated as undecompilable (the
fallback path, independent of which constructs still fail), and the output is
run under that interpreter next to the original source. Each kept function
must run the original code object (compared with ==), keep its docstring,
behave the same (a
closure, a method using super() and so the __class__ cell, a decorated
function, a generator, a coroutine, an async generator, a function with defaults and keyword-only
arguments, a function nested in a kept one), and carry the comment that says
why. With keep_original_code=False the same input must raise
DecompilationError.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap

import pytest
from conftest import VERSION_PARAMS, installed_depyf_dir, reference_python

import depyf
from depyf import _core
from depyf.decompiler import ORIGINAL_CODE_MARK, functions_kept_as_bytecode

MODULE = textwrap.dedent(
    '''
    import asyncio

    def trace(fn):
        def wrapper(*args, **kwargs):
            return ("traced", fn(*args, **kwargs))
        wrapper.__name__ = fn.__name__
        return wrapper

    def counter(start):
        count = [start]
        def bump(step=1, *, times=2):
            for _ in range(times):
                count[0] += step
            return count[0]
        return bump

    class Base:
        def base_name(self):
            return "base"

    class Child(Base):
        def describe(self, suffix="!"):
            return "child of " + super().base_name() + suffix

        @staticmethod
        @trace
        def helper(x, y=10):
            return x * y

    def evens(limit):
        """Even numbers below limit."""
        for i in range(limit):
            if i % 2 == 0:
                yield i

    async def later(value):
        await asyncio.sleep(0)
        return value + 1

    async def ticks(limit):
        for i in range(limit):
            await asyncio.sleep(0)
            yield i * 3

    def outer(a):
        def middle(b):
            def inner(c):
                return a + b + c
            return inner
        return middle
    '''
)

KEPT = ("bump", "describe", "helper", "evens", "later", "ticks", "middle")

CHECK = textwrap.dedent(
    r'''
    import asyncio, json, marshal, sys
    original_source, decompiled_source, kept = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    original, decompiled = {"__name__": "m"}, {"__name__": "m"}
    exec(compile(original_source, "<original>", "exec"), original)
    exec(compile(decompiled_source, "<decompiled>", "exec"), decompiled)

    async def collect(agen):
        return [item async for item in agen]

    def behaviour(ns):
        bump = ns["counter"](5)
        return [
            bump(), bump(3, times=1),
            ns["Child"]().describe(), ns["Child"]().describe("?"),
            ns["Child"].helper(4), ns["Child"].helper(4, y=2),
            list(ns["evens"](7)), ns["evens"].__doc__,
            asyncio.run(ns["later"](41)),
            asyncio.run(collect(ns["ticks"](4))),
            ns["outer"](1)(2)(3),
        ]

    def code_of(ns, name):
        return {
            "bump": lambda: ns["counter"](0).__code__,
            "describe": lambda: ns["Child"].describe.__code__,
            "helper": lambda: ns["Child"].helper.__closure__[0].cell_contents.__code__,
            "evens": lambda: ns["evens"].__code__,
            "later": lambda: ns["later"].__code__,
            "ticks": lambda: ns["ticks"].__code__,
            "middle": lambda: ns["outer"](1).__code__,
        }[name]()

    same_code = {name: code_of(original, name) == code_of(decompiled, name) for name in kept}
    print(json.dumps({"original": repr(behaviour(original)), "decompiled": repr(behaviour(decompiled)),
                      "same_code": same_code}))
    '''
)


def run_under(python: str, *args: str, env: dict) -> str:
    proc = subprocess.run([python, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_kept_functions_run_their_original_code(minor: int, tmp_path) -> None:
    python = reference_python(minor)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    dump = "import marshal, sys; sys.stdout.write(marshal.dumps(compile(sys.argv[1], 'm.py', 'exec')).hex())"
    data = bytes.fromhex(run_under(python, "-c", dump, MODULE, env=env))

    source = _core.decompile_marshal(data, minor, True, KEPT)
    comments = functions_kept_as_bytecode(source)
    assert len(comments) == len(KEPT), source
    assert all("treated as undecompilable on request" in c for c in comments), comments
    assert source.count(".__code__ = __import__('marshal').loads(b") == len(KEPT), source

    # 3.14 warns when a generator's code is assigned to a plain function: the placeholder must be the same kind.
    check = ["-W", "error::DeprecationWarning", "-c", CHECK, MODULE, source, ",".join(KEPT)]
    report = json.loads(run_under(python, *check, env=env).splitlines()[-1])
    assert report["decompiled"] == report["original"], source
    assert report["same_code"] == {name: True for name in KEPT}, source

    with pytest.raises(depyf.DecompilationError, match="treated as undecompilable"):
        _core.decompile_marshal(data, minor, False, KEPT)


def test_cli_reports_kept_functions(tmp_path, monkeypatch, capsys) -> None:
    """The CLI notes kept functions on stderr, and --strict turns them into an error."""
    import py_compile

    from depyf import cli

    path = tmp_path / "mod.py"
    path.write_text(MODULE)
    pyc = py_compile.compile(str(path), cfile=str(tmp_path / "mod.pyc"), doraise=True)
    assert cli.main(["decompile", pyc]) == 0
    plain = capsys.readouterr()
    assert ORIGINAL_CODE_MARK not in plain.out and "note" not in plain.err

    monkeypatch.setattr(cli, "decompile_pyc_bytes", lambda data, keep: _core.decompile_pyc(data, keep, KEPT))
    assert cli.main(["decompile", pyc]) == 0
    kept = capsys.readouterr()
    assert "depyf: note: %d function(s) kept as original bytecode" % len(KEPT) in kept.err
    assert kept.out.count(ORIGINAL_CODE_MARK) == len(KEPT)
    assert cli.main(["decompile", "--strict", pyc]) == 1
    assert "treated as undecompilable on request" in capsys.readouterr().err
