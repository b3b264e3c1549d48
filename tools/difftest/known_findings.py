"""Prune the known-findings file: drop the versions where a reproducer no longer differs.

tests/python/difftest_known_findings.json lists the decompiler bugs the differential tester
found and nobody has fixed yet, each with a minimised reproducer, its inputs and the versions
where it still behaves differently. After a fix, `cli.py prune-known` reruns every reproducer
on each of its versions and removes the versions where it now behaves the same or is refused
(an entry left with no version is fixed and goes). Nothing is added: a new finding is written
by hand, with a name and a sentence on what goes wrong.
"""

from __future__ import annotations

import json
import pathlib
from typing import Dict, List

from difftest.generator import Program
from difftest.runner import NOT_FINDINGS
from difftest.worker_process import WorkerProcess

DEFAULT_FILE = pathlib.Path(__file__).resolve().parents[2] / "tests" / "python" / "difftest_known_findings.json"


def prune(path: pathlib.Path, pythons: Dict[int, str], write: bool = True) -> List[str]:
    """Checks each entry on its versions; returns one line per change (and per version not checked)."""
    data = json.loads(path.read_text())
    report: List[str] = []
    for minor in sorted({int(v.split(".")[1]) for entry in data["findings"] for v in entry["versions"]}):
        version = "3.%d" % minor
        entries = [entry for entry in data["findings"] if version in entry["versions"]]
        if minor not in pythons:
            report.append("%s: no interpreter found, %d entries left unchecked" % (version, len(entries)))
            continue
        worker = WorkerProcess(pythons[minor])
        try:
            for entry in entries:
                result = worker.check(Program(entry["name"], entry["reproducer"], list(entry["inputs"])))
                if result["status"] in NOT_FINDINGS:
                    entry["versions"].remove(version)
                    report.append("%s %s: %s now, version dropped" % (entry["name"], version, result["status"]))
        finally:
            worker.close()
    fixed = [entry["name"] for entry in data["findings"] if not entry["versions"]]
    report += ["%s: fixed on every version, entry removed" % name for name in fixed]
    data["findings"] = [entry for entry in data["findings"] if entry["versions"]]
    if write:
        path.write_text(json.dumps(data, indent=1) + "\n")
    report.append("%d entries left" % len(data["findings"]))
    return report
