"""Spellings a reader expects, on each interpreter whose bytecode needs them.

The round trip tests prove the output compiles back to the same bytecode;
several spellings do that and only one is what a person wrote. Each case
here is a function compiled by the interpreter that makes the ugly spelling
tempting, decompiled through `depyf decompile --marshal`, and checked for
the written form (not a golden text: one property per case).
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from pythons import find_python  # noqa: E402

MARSHAL_FUNCTION = textwrap.dedent(
    """
    import marshal, sys
    namespace = {}
    exec(compile(sys.stdin.read(), "<case>", "exec"), namespace)
    sys.stdout.buffer.write(marshal.dumps(namespace["f"].__code__))
    """
)


def decompiled_by(minor: int, source: str) -> str:
    python = find_python(minor)
    if python is None:
        pytest.skip("CPython 3.%d is not installed" % minor)
    data = subprocess.run(
        [python, "-c", MARSHAL_FUNCTION], input=textwrap.dedent(source).encode(), capture_output=True, check=True
    ).stdout
    result = subprocess.run(
        [sys.executable, "-m", "depyf", "decompile", "--marshal", "--python", "3.%d" % minor, "-"],
        input=data,
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


@pytest.mark.parametrize("minor", [12, 13])
def test_omitted_slice_bounds_stay_omitted(minor: int) -> None:
    # 3.12+ load None for an omitted bound.
    text = decompiled_by(minor, "def f(t, v):\n    t[1:] = v\n    return t[2:] + t[:]\n")
    assert "t[1:] = v" in text and "t[2:] + t[:]" in text, text
    assert "None" not in text, text


def test_repeated_unpacking_target_is_not_a_temporary() -> None:
    # 3.13 pop the first of two stores to the same name.
    text = decompiled_by(13, "def f(m):\n    _, _, name = m.rpartition('.')\n    return name\n")
    assert "_, _, name = m.rpartition('.')" in text, text
    assert "__temp" not in text, text


@pytest.mark.parametrize("minor", [11, 12, 13])
def test_none_test_in_or_chain_has_no_double_negation(minor: int) -> None:
    # 3.11+ jump on None either way round.
    text = decompiled_by(minor, "def f(e):\n    if s or e is None or e.x:\n        g()\n")
    assert "if s or e is None or e.x:" in text, text


@pytest.mark.parametrize("minor", [8, 11, 12, 13])
def test_no_stand_in_names_reach_the_output(minor: int) -> None:
    # Three nested clauses each returning (3.11+) were misread into
    # `return __depyf_unknown_previous_exception`, a NameError when run: a
    # function whose walk leaves such a stand-in keeps its bytecode instead.
    source = """
    def f():
        def inner(e):
            try:
                return g(e)
            except E:
                try:
                    return g(e, 1)
                except E:
                    try:
                        return g(e, 2)
                    except E:
                        return e
        return inner
    """
    text = decompiled_by(minor, source)
    code_lines = [line for line in text.splitlines() if not line.strip().startswith("#") and "marshal" not in line]
    assert not any("__depyf_unknown_" in line for line in code_lines), text
    assert "def inner(e):" in text, text


@pytest.mark.parametrize("minor", [14, 15])
def test_a_negated_kept_operand_is_written_as_the_negative_literal(minor: int) -> None:
    # 3.14+ fold `-1` in the CFG optimizer, appending -1 after the 1 code generation added
    # (kept at co_consts[0]); the literal `-1` adds that 1 again, `-1 * 1` is not needed.
    text = decompiled_by(minor, "def f(x):\n    return x.max(dim=-1, keepdim=True).values - x.sum(dim=-1)\n")
    assert "x.max(dim=-1, keepdim=True).values - x.sum(dim=-1)" in text, text
