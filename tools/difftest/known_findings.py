"""The known-findings file: which known bug explains a finding, rechecking findings, pruning entries.

tests/python/difftest_known_findings.json lists the decompiler bugs the differential tester
found and nobody has fixed yet, each with a minimised reproducer, its inputs and the versions
where it still behaves differently. After a fix, `cli.py prune-known` reruns every reproducer
on each of its versions and removes the versions where it now behaves the same or is refused
(an entry left with no version is fixed and goes). Nothing is added: a new finding is written
by hand, with a name and a sentence on what goes wrong.
"""

from __future__ import annotations

import collections
import json
import pathlib
from typing import Dict, List, Tuple

from difftest.generator import Program, generate
from difftest.runner import NOT_FINDINGS
from difftest.worker_process import WorkerProcess

DEFAULT_FILE = pathlib.Path(__file__).resolve().parents[2] / "tests" / "python" / "difftest_known_findings.json"


def load(path: pathlib.Path = DEFAULT_FILE) -> List[Dict[str, object]]:
    return json.loads(path.read_text())["findings"]


def explaining_entry(minor: int, ident: str, worker: WorkerProcess, entries: List[Dict[str, object]]) -> str:
    """The name of the known entry that explains the finding of generated program `ident` ("SEED:INDEX") on
    3.`minor`, or "": one that lists the program, or whose `shape`, left out of the program (written another
    way that does the same, from the same random choices), makes the difference go."""
    version = "3.%d" % minor
    for entry in entries:
        if version not in entry["versions"]:  # type: ignore[operator]
            continue
        if "%s %s" % (version, ident) in entry.get("programs", []):  # type: ignore[operator]
            return str(entry["name"])
        shape = entry.get("shape")
        if shape:
            seed, index = (int(part) for part in ident.split(":"))
            without = generate(seed, index, minor, frozenset([str(shape)]))
            if worker.check(without)["status"] in NOT_FINDINGS:
                return str(entry["name"])
    return ""


def recheck(
    findings: List[Dict[str, object]], pythons: Dict[int, str], entries: List[Dict[str, object]]
) -> Tuple[Dict[str, "collections.Counter[str]"], List[Dict[str, object]]]:
    """Reruns each finding (a line of a `run --findings` file) with this checkout's decompiler.

    Returns, per version, how many are now fixed (the same or refused), explained by a known entry
    (`known:NAME`), or unexplained, and the unexplained findings with their new result."""
    tallies: Dict[str, "collections.Counter[str]"] = collections.defaultdict(collections.Counter)
    unexplained: List[Dict[str, object]] = []
    by_minor: Dict[int, List[Dict[str, object]]] = collections.defaultdict(list)
    for finding in findings:
        by_minor[int(str(finding["version"]).split(".")[1])].append(finding)
    for minor, group in sorted(by_minor.items()):
        version = "3.%d" % minor
        if minor not in pythons:
            tallies[version]["not checked (no interpreter)"] += len(group)
            continue
        worker = WorkerProcess(pythons[minor])
        try:
            for finding in group:
                program = Program(str(finding["id"]), str(finding["source"]), list(finding["inputs"]))  # type: ignore[arg-type]
                result = worker.check(program)
                if result["status"] in NOT_FINDINGS:
                    tallies[version]["fixed (%s)" % result["status"]] += 1
                    continue
                name = explaining_entry(minor, str(finding["id"]), worker, entries)
                if name:
                    tallies[version]["known:" + name] += 1
                    continue
                tallies[version]["unexplained"] += 1
                unexplained.append(dict(finding, status=result["status"], detail=result.get("detail", "")))
        finally:
            worker.close()
    return tallies, unexplained


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
