"""A slice of tools/behaviour_check.py: stdlib modules, decompiled, pass their own tests.

On every interpreter, a few pure-Python modules (and the json package) are compiled there,
decompiled by this checkout and put first on that interpreter's path; their
`test.test_<module>` suites must pass as they do against the original. The
whole list runs with `python3 tools/behaviour_check.py` (docs/behaviour.md).

Also: the functions of tests/python/behaviour_cases/*.py (shapes that were
once decompiled to code that compiles but behaves differently) must behave
the same decompiled, on every interpreter, or not decompile at all.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import textwrap

import pytest
from conftest import VERSION_PARAMS, reference_python

import behaviour_check
import depyf
from depyf import _core

# Single-file modules and one package (every file of it decompiled).
SLICE = ["textwrap", "shlex", "colorsys", "fnmatch", "heapq", "json"]


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_decompiled_modules_pass_their_tests(minor: int) -> None:
    python = reference_python(minor)
    results = {name: behaviour_check.check_module(python, minor, name) for name in SLICE}
    problems = {name: r for name, r in results.items() if r["status"] not in ("ok", "skipped")}
    assert not problems, problems
    assert sum(r.get("run", 0) for r in results.values()) >= 100, results


BEHAVIOUR_CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "behaviour_cases")
# A case file named like `except_star_py311.py` uses syntax that only
# CPython 3.11+ accepts: it runs only there.
MINIMUM_MINOR = re.compile(r"_py3(\d+)\.py$")

# Runs under the reference interpreter: each function of a case module is
# replaced by its decompiled source (functions that do not decompile keep
# the original and are listed), then run_cases() must give the same results.
RUN_CASES = textwrap.dedent(
    r"""
    import json, sys
    path, sources = sys.argv[1], json.loads(sys.argv[2])
    original = {"__name__": "cases"}
    exec(compile(open(path).read(), path, "exec"), original)
    decompiled = dict(original)
    for name, source in sources.items():
        exec(compile(source, "<decompiled %s>" % name, "exec"), decompiled)
    expected, actual = repr(original["run_cases"](original)), repr(decompiled["run_cases"](decompiled))
    print(json.dumps({"same": expected == actual, "original": expected[:2000], "decompiled": actual[:2000]}))
    """
)

DUMP_FUNCTIONS = textwrap.dedent(
    r"""
    import json, marshal, sys, types
    code = compile(open(sys.argv[1]).read(), sys.argv[1], "exec")
    functions = {c.co_name: marshal.dumps(c).hex() for c in code.co_consts
                 if isinstance(c, types.CodeType) and c.co_name not in ("run_cases", "make_g")}
    print(json.dumps(functions))
    """
)


@pytest.mark.parametrize("minor", VERSION_PARAMS)
@pytest.mark.parametrize("case_file", sorted(f for f in os.listdir(BEHAVIOUR_CASES) if f.endswith(".py")))
def test_decompiled_functions_behave_the_same(minor: int, case_file: str) -> None:
    """Shapes once decompiled wrongly: the output must run the same, or the decompiler must refuse."""
    needed = MINIMUM_MINOR.search(case_file)
    if needed is not None and minor < int(needed.group(1)):
        pytest.skip("%s needs CPython 3.%s+" % (case_file, needed.group(1)))
    python = reference_python(minor)
    path = os.path.join(BEHAVIOUR_CASES, case_file)
    dumped = subprocess.run([python, "-c", DUMP_FUNCTIONS, path], stdout=subprocess.PIPE, check=True,
                            universal_newlines=True).stdout
    sources = {}
    for name, data in json.loads(dumped).items():
        try:
            sources[name] = _core.decompile_marshal(bytes.fromhex(data), minor)
        except depyf.DecompilationError:
            continue  # refused: the original stays, which is allowed
    # (Nothing decompiled on a version is allowed: refusing is not wrong.)
    proc = subprocess.run([python, "-c", RUN_CASES, path, json.dumps(sources)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["same"], "3.%d %s:\n%s\noriginal   %s\ndecompiled %s" % (
        minor, case_file, "\n".join(sources.values()), report["original"], report["decompiled"])
