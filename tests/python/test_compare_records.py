"""tools/compare_records.py: status changes between two sweeps, and a failing
exit status when a unit that was equal is not any more."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "compare_records.py"


def write_records(path: pathlib.Path, statuses: dict) -> None:
    with path.open("w", encoding="utf-8") as stream:
        for unit, status in statuses.items():
            record = {"version": "3.11", "file": "/lib/m.py", "unit": unit, "kind": "function"}
            record.update(status=status, detail="" if status == "equal" else "why " + unit)
            stream.write(json.dumps(record) + "\n")


def run(before: pathlib.Path, after: pathlib.Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), str(before), str(after)], capture_output=True, text=True)


def test_counts_changes_and_passes_when_nothing_is_lost(tmp_path: pathlib.Path) -> None:
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    write_records(before, {"f": "error", "g": "differ", "h": "equal"})
    write_records(after, {"f": "equal", "g": "error", "h": "equal"})
    result = run(before, after)
    assert result.returncode == 0
    assert "3.11  function error -> equal: 1" in result.stdout
    assert "3.11  function differ -> error: 1" in result.stdout
    assert "m.py:g  why g" in result.stdout


def test_fails_when_an_equal_unit_is_lost(tmp_path: pathlib.Path) -> None:
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    write_records(before, {"f": "equal", "g": "equal"})
    write_records(after, {"f": "differ", "g": "equal"})
    result = run(before, after)
    assert result.returncode == 1
    assert "equal -> differ" in result.stdout
    assert "1 unit(s) were equal before" in result.stderr
