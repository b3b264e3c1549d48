"""The differential tester's fixed-seed CI slice (tools/difftest).

On every interpreter found, the same generated programs are compiled,
decompiled by this checkout, recompiled and run under the driver; any
program whose decompiled functions behave differently from the originals
(or do not compile, crash or hang) fails the test, unless an entry of
difftest_known_findings.json explains it. Each known entry's minimised
reproducer must still differ, so a fixed bug's entry has to go.

A longer run is `python3 tools/difftest/cli.py run --count 20000 --seed N`.
"""

from __future__ import annotations

import json
import os
from typing import Dict, List

import pytest
from conftest import VERSION_PARAMS, reference_python

from difftest.generator import Program
from difftest.known_findings import explaining_entry
from difftest.runner import NOT_FINDINGS, Run
from difftest.worker_process import WorkerProcess

CI_SEED = 22
PROGRAMS_PER_VERSION = 60
KNOWN_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "difftest_known_findings.json")


def known_findings() -> List[Dict[str, object]]:
    with open(KNOWN_FILE) as handle:
        return json.load(handle)["findings"]


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_generated_programs_behave_the_same_decompiled(minor: int) -> None:
    python = reference_python(minor)
    run = Run({minor: python}, CI_SEED, PROGRAMS_PER_VERSION, jobs=2, progress_seconds=0)
    run.run()
    tally = run.tallies[minor]
    assert tally.programs == PROGRAMS_PER_VERSION
    assert tally.outcomes["invalid"] == 0, "the generator made programs that do not compile or hang: see worker.py"
    # The slice must compare something: most programs run decompiled.
    assert tally.outcomes["same"] >= PROGRAMS_PER_VERSION // 2, run.summary()
    known = known_findings()
    worker = WorkerProcess(python)
    try:
        unexplained = [f for f in run.findings if not explaining_entry(f.minor, f.program.ident, worker, known)]
    finally:
        worker.close()
    message = "\n\n".join(
        "3.%d program %s: %s: %s\n  show: python3 tools/difftest/cli.py show --version 3.%d --seed %d --index %s --check"
        % (
            f.minor,
            f.program.ident,
            f.result["status"],
            f.result.get("detail"),
            f.minor,
            CI_SEED,
            f.program.ident.split(":")[1],
        )
        for f in unexplained
    )
    assert not unexplained, "decompiled programs behave differently:\n" + message


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_known_findings_still_reproduce(minor: int) -> None:
    python = reference_python(minor)
    version = "3.%d" % minor
    entries = [e for e in known_findings() if version in e["versions"]]  # type: ignore[operator]
    if not entries:
        pytest.skip("no known difftest finding on %s" % version)
    worker = WorkerProcess(python)
    try:
        for entry in entries:
            result = worker.check(Program(str(entry["name"]), str(entry["reproducer"]), list(entry["inputs"])))  # type: ignore[arg-type]
            assert result["status"] not in NOT_FINDINGS, (
                "known finding %s no longer reproduces on %s (%s): remove it from %s"
                % (entry["name"], version, result["status"], os.path.basename(KNOWN_FILE))
            )
    finally:
        worker.close()
