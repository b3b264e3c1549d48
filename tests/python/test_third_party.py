"""A slice of the third-party measurement (tools/third_party.py) in CI.

Four small packages of the corpus go through the round trip on every
interpreter found (each version's count of equal functions may only rise),
and six's own test suite runs against its decompiled copy on this
interpreter's version. The whole corpus is a benchmark-sized run:
`python3 tools/third_party.py roundtrip` and `... behaviour`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO

TOOL = os.path.join(REPO, "tools", "third_party.py")
SLICE = "six,decorator,tomli,cachetools"
# Functions recompiling to the same bytecode, of 176 in the slice, when this test was written.
FLOOR = {8: 174, 9: 174, 10: 176, 11: 176, 12: 175, 13: 175, 14: 174, 15: 175}


def _tool(*args: str, timeout: float) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the installed depyf, as the other measurement tools use
    result = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=timeout, env=env)
    if result.returncode != 0 and "pip download failed" in result.stderr + result.stdout:
        pytest.skip("the corpus could not be downloaded (no package index?)")
    return result


def test_round_trip_of_a_slice_does_not_regress(tmp_path):
    records = str(tmp_path / "records.jsonl")
    result = _tool("roundtrip", "--packages", SLICE, "--records", records, timeout=1200)
    assert result.returncode == 0, result.stderr[-3000:]
    equal: dict = {}
    versions = set()
    with open(records, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            minor = int(record["version"].split(".")[1])
            versions.add(minor)
            if record["kind"] == "function" and record["status"] == "equal":
                equal[minor] = equal.get(minor, 0) + 1
    assert versions, "no interpreter ran"
    for minor in versions:
        assert equal.get(minor, 0) >= FLOOR[minor], "3.%d: %d equal functions, was %d" % (
            minor,
            equal.get(minor, 0),
            FLOOR[minor],
        )
    assert "| package |" in result.stdout  # the per-package table


def test_six_suite_passes_against_its_decompiled_copy(tmp_path):
    version = "3.%d" % sys.version_info[1]
    report = str(tmp_path / "behaviour.md")
    result = _tool("behaviour", "--packages", "six", "--versions", version, "--report", report, timeout=1800)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    with open(report, encoding="utf-8") as handle:
        row = next(line for line in handle if line.startswith("| %s |" % version))
    cells = [cell.strip() for cell in row.strip("|\n").split("|")]
    assert cells[1:3] == ["1", "1"], row  # one package checked, the same behaviour
    assert int(cells[3]) > 100  # six's suite ran
