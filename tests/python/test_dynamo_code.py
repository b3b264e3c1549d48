"""Code objects Dynamo (torch.compile) generated decompile to source that behaves like them.

The fixtures in tests/python/dynamo_code/ (see its README) are marshalled by
one CPython version, named in the file name; each is checked under that
interpreter by check_dynamo_code.py: the decompiled source compiles, keeps the
signature and free variables, and with stand-ins for Dynamo's globals returns
and calls the same as the original. Behaviour rather than bytecode equality:
this code holds values on the stack across statements, which source can only
write through temporaries (and a def used as a value through a def statement),
so the recompiled bytecode cannot be equal.
"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess

import pytest

from conftest import installed_depyf_dir, reference_python

FIXTURES = sorted((pathlib.Path(__file__).resolve().parent / "dynamo_code").glob("*_py3*.marshal"))
CHECKER = pathlib.Path(__file__).resolve().parent / "dynamo_code" / "check_dynamo_code.py"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_dynamo_code_decompiles_to_equivalent_source(fixture: pathlib.Path, tmp_path) -> None:
    minor = int(re.search(r"_py3(\d+)$", fixture.stem).group(1))
    python = reference_python(minor)
    # Only the depyf package on the path (not the site-packages it may sit in).
    site = tmp_path / "site"
    site.mkdir()
    os.symlink(installed_depyf_dir(), str(site / "depyf"))
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([python, str(CHECKER), str(fixture)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, cwd=str(tmp_path), env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.count(": ok") >= 1, proc.stdout


# Generated code may swap two values, store one and go on using the other as
# a value (`LOAD a; LOAD b; SWAP 2; STORE c; LOAD c; BINARY_OP +`). The swap
# looks like the start of `c, x = ...`; the store must never be lost (it was:
# `return b + c` with c unbound). Refusing is fine: depyf keeps the bytecode.
ROTATION_SCRIPT = r'''
import opcode, sys
import depyf
op = opcode.opmap
def f(a, b):
    c = None
    return a + b
code = bytes([op["RESUME"], 0, op["LOAD_FAST"], 0, op["LOAD_FAST"], 1, op["SWAP"], 2, op["STORE_FAST"], 2,
              op["LOAD_FAST"], 2, op["BINARY_OP"], 0, 0, 0, op["RETURN_VALUE"], 0])
f.__code__ = f.__code__.replace(co_code=code, co_consts=(None,), co_linetable=b"", co_exceptiontable=b"")
assert f("x", "y") == "yx"
try:
    source = depyf.decompile(f.__code__)
except depyf.DecompilationError:
    print("refused")
    sys.exit(0)
namespace = {}
exec(source, namespace)
result = namespace["f"]("x", "y")
print("decompiled:", result)
sys.exit(0 if result == "yx" else 1)
'''


def test_swapped_value_stored_and_used_is_not_lost(tmp_path) -> None:
    python = reference_python(12)
    site = tmp_path / "site"
    site.mkdir()
    os.symlink(installed_depyf_dir(), str(site / "depyf"))
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([python, "-c", ROTATION_SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, cwd=str(tmp_path), env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout


# Dynamo's transformed code builds a list, rotates it under other values
# with SWAPs (which look like the start of `a, b = b, a`), then mutates it
# through a COPY and returns it: one object. It was printed as a fresh
# display at each use (`[[*[y]]][0][0:0] = ['a']; return [[*[y]]]`), so the
# mutation was lost. Built by hand for 3.11 (the shape of the transformed
# code of a data-dependent branch after a graph break inside a with).
ROTATED_LIST_SCRIPT = r'''
import opcode, sys
import depyf
op = opcode.opmap
def cache(name):
    return [op["CACHE"], 0] * opcode._inline_cache_entries[op[name]]
def f(y, c):
    pass
branch = [op["BUILD_LIST"], 1, op["COPY"], 2, op["LOAD_CONST"], 1, op["BINARY_SUBSCR"], 0, *cache("BINARY_SUBSCR"),
          op["LOAD_CONST"], 1, op["LOAD_CONST"], 1, op["BUILD_SLICE"], 2, op["STORE_SUBSCR"], 0,
          *cache("STORE_SUBSCR"), op["RETURN_VALUE"], 0]
head = [op["RESUME"], 0, op["LOAD_CONST"], 2, op["LOAD_FAST"], 1, op["BUILD_LIST"], 0, op["BUILD_LIST"], 0,
        op["SWAP"], 2, op["LOAD_FAST"], 0, op["BUILD_LIST"], 1, op["LIST_EXTEND"], 2, op["POP_TOP"], 0,
        op["BUILD_LIST"], 1, op["SWAP"], 3, op["SWAP"], 2]
code = bytes(head + [op["POP_JUMP_FORWARD_IF_FALSE"], len(branch) // 2] + branch + branch)
f.__code__ = f.__code__.replace(co_code=code, co_consts=(None, 0, "a"), co_linetable=b"", co_exceptiontable=b"",
                                co_stacksize=8)
assert f(5, True) == f(5, False) == [["a", 5]]
try:
    source = depyf.decompile(f.__code__)
except depyf.DecompilationError:
    print("refused")
    sys.exit(0)
namespace = {}
exec(source, namespace)
results = namespace["f"](5, True), namespace["f"](5, False)
print("decompiled:", results)
sys.exit(0 if results == ([["a", 5]], [["a", 5]]) else 1)
'''


def test_rotated_list_mutated_through_a_copy_stays_one_object(tmp_path) -> None:
    python = reference_python(11)
    site = tmp_path / "site"
    site.mkdir()
    os.symlink(installed_depyf_dir(), str(site / "depyf"))
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([python, "-c", ROTATED_LIST_SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, cwd=str(tmp_path), env=env, timeout=120)
    assert proc.returncode == 0, proc.stdout
