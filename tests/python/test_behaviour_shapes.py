"""Module-level shapes once decompiled to code that runs differently.

Each file of tests/python/behaviour_modules/ is compiled by every reference
interpreter, decompiled whole by this checkout, and both are run there: the
module's RESULT must be the same (a refusal of the whole module fails: these
shapes must decompile). Function-level shapes are behaviour_cases/, run by
test_decompiled_behaviour.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import textwrap

import pytest
from conftest import VERSION_PARAMS, reference_python

from depyf import _core

MODULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "behaviour_modules")
# A file named like `x_py312.py` uses syntax only CPython 3.12+ accepts.
MINIMUM_MINOR = re.compile(r"_py3(\d+)\.py$")

DUMP_MODULE = "import marshal, sys; print(marshal.dumps(compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')).hex())"

# Runs the original module and the decompiled source; prints both RESULTs.
RUN_BOTH = textwrap.dedent(
    r"""
    import json, sys
    path, decompiled = sys.argv[1], sys.argv[2]
    def result(source, name):
        namespace = {"__name__": "shape"}
        try:
            exec(compile(source, name, "exec"), namespace)
            return repr(namespace["RESULT"])
        except Exception as e:
            return "raised " + repr(e)
    print(json.dumps({"original": result(open(path).read(), path), "decompiled": result(decompiled, "<decompiled>")}))
    """
)


@pytest.mark.parametrize("minor", VERSION_PARAMS)
@pytest.mark.parametrize("module_file", sorted(f for f in os.listdir(MODULES) if f.endswith(".py")))
def test_decompiled_module_behaves_the_same(minor: int, module_file: str) -> None:
    needed = MINIMUM_MINOR.search(module_file)
    if needed is not None and minor < int(needed.group(1)):
        pytest.skip("%s needs CPython 3.%s+" % (module_file, needed.group(1)))
    python = reference_python(minor)
    path = os.path.join(MODULES, module_file)
    dumped = subprocess.run(
        [python, "-c", DUMP_MODULE, path], stdout=subprocess.PIPE, check=True, universal_newlines=True
    ).stdout
    source = _core.decompile_marshal(bytes.fromhex(dumped.strip()), minor)
    proc = subprocess.run(
        [python, "-c", RUN_BOTH, path, source],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["original"] == report["decompiled"], "3.%d %s:\n%s\n%s" % (minor, module_file, source, report)
