"""Generate programs, check them in parallel workers per interpreter, count the outcomes.

Work goes out in chunks of programs (one version each); `jobs` threads take
chunks in turn, each keeping one worker process per version it has met, so
every interpreter starts once per thread, not once per program.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import sys
import threading
import time
from typing import Dict, FrozenSet, List, Optional, Tuple

from difftest.generator import Program, generate
from difftest.worker_process import WorkerProcess

# Outcomes that are not findings: the decompiler refused, or the program itself was bad.
NOT_FINDINGS = frozenset(["same", "refused", "invalid"])


@dataclasses.dataclass
class Finding:
    minor: int
    program: Program
    result: Dict[str, object]

    @property
    def key(self) -> str:
        return "3.%d %s" % (self.minor, self.program.ident)

    def as_json(self) -> Dict[str, object]:
        return {
            "version": "3.%d" % self.minor,
            "id": self.program.ident,
            "status": self.result.get("status"),
            "detail": self.result.get("detail", ""),
            "source": self.program.source,
            "inputs": self.program.inputs,
            "decompiled": self.result.get("decompiled", ""),
            "functions": self.result.get("functions", {}),
        }


@dataclasses.dataclass
class Tally:
    programs: int = 0
    outcomes: "collections.Counter[str]" = dataclasses.field(default_factory=collections.Counter)
    functions: "collections.Counter[str]" = dataclasses.field(default_factory=collections.Counter)
    equal_bytecode: int = 0  # programs whose every function came back as equal bytecode
    seconds: float = 0.0

    def add(self, result: Dict[str, object]) -> None:
        self.programs += 1
        self.outcomes[str(result["status"])] += 1
        statuses = dict(result.get("functions") or {})  # type: ignore[arg-type]
        self.functions.update(statuses.values())
        if statuses and all(s == "equal" for s in statuses.values()):
            self.equal_bytecode += 1


class Run:
    def __init__(
        self,
        pythons: Dict[int, str],
        seed: int,
        count: int,
        jobs: int = 2,
        chunk: int = 25,
        start: int = 0,
        without: FrozenSet[str] = frozenset(),
        timeout: float = 30.0,
        progress_seconds: float = 30.0,
        findings_file: Optional[str] = None,
        max_seconds: float = 0.0,
    ) -> None:
        self.pythons = pythons
        self.seed = seed
        self.without = without
        self.timeout = timeout
        self.jobs = jobs
        self.progress_seconds = progress_seconds
        self.findings_file = findings_file
        self.tallies: Dict[int, Tally] = {minor: Tally() for minor in pythons}
        self.findings: List[Finding] = []
        self.lock = threading.Lock()
        # Versions interleaved chunk by chunk, so a run cut short has covered all of them.
        self.chunks: List[Tuple[int, int, int]] = []
        for first in range(start, start + count, chunk):
            for minor in sorted(pythons):
                self.chunks.append((minor, first, min(first + chunk, start + count)))
        self.chunks.reverse()  # popped from the end
        self.started = time.time()
        # No new chunk after this many seconds (0: none): a run sized to the time there is.
        self.max_seconds = max_seconds

    def _thread(self) -> None:
        workers: Dict[int, WorkerProcess] = {}
        try:
            while True:
                with self.lock:
                    if not self.chunks or (self.max_seconds and time.time() - self.started > self.max_seconds):
                        return
                    minor, first, end = self.chunks.pop()
                worker = workers.get(minor)
                if worker is None:
                    worker = workers[minor] = WorkerProcess(self.pythons[minor], self.timeout)
                for index in range(first, end):
                    program = generate(self.seed, index, minor, self.without)
                    began = time.time()
                    result = worker.check(program)
                    with self.lock:
                        tally = self.tallies[minor]
                        tally.add(result)
                        tally.seconds += time.time() - began
                        if result["status"] not in NOT_FINDINGS:
                            self._record(Finding(minor, program, result))
                        elif result["status"] == "invalid":
                            self._log(Finding(minor, program, result))  # a generator bug: kept to be looked at
        finally:
            for worker in workers.values():
                worker.close()

    def _record(self, finding: Finding) -> None:
        self.findings.append(finding)
        self._log(finding)

    def _log(self, finding: Finding) -> None:
        if self.findings_file:
            with open(self.findings_file, "a") as out:
                out.write(json.dumps(finding.as_json()) + "\n")

    def run(self) -> None:
        threads = [threading.Thread(target=self._thread, daemon=True) for _ in range(self.jobs)]
        for thread in threads:
            thread.start()
        last = time.time()
        while any(thread.is_alive() for thread in threads):
            for thread in threads:
                thread.join(timeout=1.0)
            if self.progress_seconds and time.time() - last >= self.progress_seconds:
                last = time.time()
                print(self.progress_line(), file=sys.stderr, flush=True)

    def progress_line(self) -> str:
        with self.lock:
            done = sum(t.programs for t in self.tallies.values())
            parts = ["3.%d %d" % (minor, t.programs) for minor, t in sorted(self.tallies.items())]
            elapsed = time.time() - self.started
            return "%.0fs: %d programs (%.1f/s), %d findings; %s" % (
                elapsed,
                done,
                done / elapsed if elapsed else 0.0,
                len(self.findings),
                ", ".join(parts),
            )

    def summary(self) -> str:
        rows = [
            "| version | programs | every function equal bytecode | same behaviour | all refused | invalid "
            "| findings | functions: equal / differ / kept / refused | programs/s (one worker) |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for minor, tally in sorted(self.tallies.items()):
            findings = tally.programs - sum(tally.outcomes[s] for s in NOT_FINDINGS)
            functions = " / ".join(str(tally.functions[s]) for s in ("equal", "differ", "kept", "refused"))
            rate = tally.programs / tally.seconds if tally.seconds else 0.0
            rows.append(
                "| 3.%d | %d | %d | %d | %d | %d | %d | %s | %.1f |"
                % (
                    minor,
                    tally.programs,
                    tally.equal_bytecode,
                    tally.outcomes["same"],
                    tally.outcomes["refused"],
                    tally.outcomes["invalid"],
                    findings,
                    functions,
                    rate,
                )
            )
        elapsed = time.time() - self.started
        total = sum(t.programs for t in self.tallies.values())
        rows.append("")
        rows.append(
            "%d programs in %.0fs (%.1f programs/s with %d jobs)" % (total, elapsed, total / elapsed, self.jobs)
        )
        kinds = collections.Counter("3.%d %s" % (f.minor, f.result["status"]) for f in self.findings)
        if kinds:
            rows.append("findings: " + ", ".join("%s: %d" % item for item in sorted(kinds.items())))
        return "\n".join(rows)
