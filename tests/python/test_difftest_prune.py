"""`tools/difftest/cli.py prune-known`: versions whose reproducer no longer differs are dropped.

A scratch known-findings file holds an entry whose reproducer (a plain function) behaves the
same once decompiled, so its version goes and with it the entry, and an entry on a version
with no interpreter, which prune must leave alone and report as unchecked.
"""

from __future__ import annotations

import json
import pathlib

from conftest import reference_python

from difftest import known_findings


def test_prune_drops_fixed_versions_and_keeps_unchecked_ones(tmp_path: pathlib.Path) -> None:
    python = reference_python(11)
    path = tmp_path / "known.json"
    entries = [
        {
            "name": "fixed",
            "what": "-",
            "programs": [],
            "versions": ["3.11"],
            "reproducer": "def f0(a, b, c):\n    return a + b if c else a - b\n",
            "inputs": [[1, 2, []], [3, 4, [1]]],
        },
        {
            "name": "unchecked",
            "what": "-",
            "programs": [],
            "versions": ["3.99"],
            "reproducer": "def f0(a, b, c):\n    return a\n",
            "inputs": [[1, 2, []]],
        },
    ]
    path.write_text(json.dumps({"about": "scratch", "findings": entries}, indent=1) + "\n")

    report = known_findings.prune(path, {11: python}, write=True)

    left = json.loads(path.read_text())["findings"]
    assert [entry["name"] for entry in left] == ["unchecked"], report
    assert any(line.startswith("fixed 3.11: same") for line in report), report
    assert any(line.startswith("3.99: no interpreter found") for line in report), report
    assert path.read_text().endswith("}\n")
