"""A slice of tools/behaviour_check.py: stdlib modules, decompiled, pass their own tests.

On every interpreter, a few pure-Python modules are compiled there,
decompiled by this checkout and put first on that interpreter's path; their
`test.test_<module>` suites must pass as they do against the original. The
whole list runs with `python3 tools/behaviour_check.py` (docs/behaviour.md).
"""

from __future__ import annotations

import pytest
from conftest import VERSION_PARAMS, reference_python

import behaviour_check

SLICE = ["textwrap", "shlex", "colorsys", "fnmatch", "heapq"]


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_decompiled_modules_pass_their_tests(minor: int) -> None:
    python = reference_python(minor)
    results = {name: behaviour_check.check_module(python, minor, name) for name in SLICE}
    problems = {name: r for name, r in results.items() if r["status"] not in ("ok", "skipped")}
    assert not problems, problems
    assert sum(r.get("run", 0) for r in results.values()) >= 100, results
