"""Decompiler round trip, per construct and on a stdlib slice, on every version 3.8-3.13.

Each function and method in tests/python/decompile_cases/*.py must decompile,
recompile under the same interpreter and give equal normalised bytecode. The
stdlib slice checks the measured level does not fall and nothing crashes.
"""

from __future__ import annotations

import pathlib
import re
import sys
from typing import Dict, List

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import roundtrip  # noqa: E402
from pythons import SUPPORTED_MINORS, find_python, stdlib_sources  # noqa: E402

CASES = sorted((ROOT / "tests" / "python" / "decompile_cases").glob("*.py"))
MODULE_CASES = sorted((ROOT / "tests" / "python" / "decompile_modules").glob("*.py"))
# A case file named like `match_py310.py` uses syntax that only CPython 3.10+
# accepts, so it is only run on those versions.
MINIMUM_MINOR = re.compile(r"_py3(\d+)$")


def cases_for(minor: int, cases: List[pathlib.Path] = CASES) -> List[str]:
    chosen = []
    for path in cases:
        needed = MINIMUM_MINOR.search(path.stem)
        if needed is None or minor >= int(needed.group(1)):
            chosen.append(str(path))
    return chosen

# Exact function-level round trips on the slice below (every 25th stdlib file,
# tests excluded), measured when this test was last tightened; the test fails
# when a change makes any version worse by more than a couple of points.
SLICE_EVERY = 25
MINIMUM_EQUAL_PERCENT: Dict[int, float] = {8: 96.5, 9: 97.5, 10: 97.5, 11: 97.5, 12: 97.0, 13: 97.5}


def run(minor: int, files: List[str]) -> roundtrip.Tally:
    python = find_python(minor)
    if python is None:
        pytest.skip("CPython 3.%d is not installed" % minor)
    tally = roundtrip.Tally()
    roundtrip.run_worker(python, files, "function", 120.0, tally, "3.%d" % minor)
    return tally


@pytest.mark.parametrize("minor", SUPPORTED_MINORS)
def test_every_case_round_trips(minor: int) -> None:
    tally = run(minor, cases_for(minor))
    failures = [example for (kind, status), examples in tally.examples.items() for example in examples]
    assert not tally.crashed_files
    assert tally.counts[("function", "equal")] == tally.total("function"), "\n".join(failures)
    assert tally.total("function") >= 20


@pytest.mark.parametrize("minor", SUPPORTED_MINORS)
def test_every_module_case_round_trips(minor: int) -> None:
    """Whole modules (module and class bodies) in decompile_modules/ recompile to an equal code tree."""
    python = find_python(minor)
    if python is None:
        pytest.skip("CPython 3.%d is not installed" % minor)
    tally = roundtrip.Tally()
    modules = cases_for(minor, MODULE_CASES)
    roundtrip.run_worker(python, modules, "module", 120.0, tally, "3.%d" % minor)
    failures = [example for (kind, status), examples in tally.examples.items() for example in examples]
    assert not tally.crashed_files
    assert tally.counts[("module", "equal")] == len(modules), "\n".join(failures)


@pytest.mark.parametrize("minor", SUPPORTED_MINORS)
def test_stdlib_slice(minor: int) -> None:
    python = find_python(minor)
    if python is None:
        pytest.skip("CPython 3.%d is not installed" % minor)
    files = stdlib_sources(python, include_tests=False)[::SLICE_EVERY]
    tally = run(minor, files)
    assert not tally.crashed_files, tally.crashed_files
    total = tally.total("function")
    equal = tally.counts[("function", "equal")]
    assert total > 300
    assert 100.0 * equal / total >= MINIMUM_EQUAL_PERCENT[minor], "3.%d: %d of %d equal" % (minor, equal, total)
    # Output that does not even compile is a bug, whatever the construct.
    assert tally.counts[("function", "syntax_error")] == 0, tally.examples
