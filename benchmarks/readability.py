"""Readability benchmark of what depyf.prepare_debug dumps (issue 19).

Runs every program of benchmarks/readability_programs/ under torch.compile inside
`depyf.prepare_debug(dir)` with each backend, one fresh process per program and
backend, checks the results equal the eager (uncompiled) run, and counts per
transformed code file what a reader has to wade through (see
readability_metrics.py and docs/readability.md for the definitions).

    PYTHONPATH=. python3 benchmarks/readability.py                       # everything, table on stdout
    PYTHONPATH=. python3 benchmarks/readability.py --markdown docs/readability.md --json out.json
    PYTHONPATH=. python3 benchmarks/readability.py --programs toy_example,closures --backends eager

Progress goes to stderr. The whole set takes minutes (Inductor compiles C++ on the CPU).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import readability_metrics  # noqa: E402
import readability_report  # noqa: E402
from readability_programs import PROGRAMS  # noqa: E402

BACKENDS = ("eager", "aot_eager", "inductor")
# (rtol, atol) for "results equal eager": eager and aot_eager run the same ATen ops in
# the same order (aot_eager after decompositions); Inductor fuses and reorders reductions.
TOLERANCE = {"eager": (1e-5, 1e-6), "aot_eager": (1e-5, 1e-6), "inductor": (1e-3, 1e-4)}
WORKER_TIMEOUT_S = 1200


def program_module(name: str) -> Any:
    return importlib.import_module("readability_programs." + name)


def missing_requirements(name: str) -> List[str]:
    return [
        package for package in getattr(program_module(name), "REQUIRES", ()) if not importlib.util.find_spec(package)
    ]


def compare_results(reference: Sequence[Any], results: Sequence[Any], backend: str) -> Dict[str, Any]:
    """`status` is "equal" when every tensor is allclose to the eager run's (within TOLERANCE)."""
    import torch

    rtol, atol = TOLERANCE.get(backend, TOLERANCE["inductor"])
    if len(reference) != len(results):
        return {"status": "different", "error": "%d results, eager gave %d" % (len(results), len(reference))}
    worst = 0.0
    for index, (expected, actual) in enumerate(zip(reference, results)):
        expected, actual = torch.as_tensor(expected), torch.as_tensor(actual)
        if expected.shape != actual.shape or expected.dtype != actual.dtype:
            return {
                "status": "different",
                "error": "result %d: %s %s, eager gave %s %s"
                % (index, tuple(actual.shape), actual.dtype, tuple(expected.shape), expected.dtype),
            }
        if expected.numel():
            worst = max(worst, (expected.double() - actual.double()).abs().nan_to_num(0.0).max().item())
        if not torch.allclose(expected, actual, rtol=rtol, atol=atol, equal_nan=True):
            return {"status": "different", "max_abs_diff": worst, "error": "result %d differs" % index}
    return {"status": "equal", "max_abs_diff": worst}


def run_program(name: str, backend: str, dump_dir: str) -> Dict[str, Any]:
    """Runs one program eagerly, then compiled with `backend` inside prepare_debug(dump_dir), in this process."""
    import torch

    import depyf

    missing = missing_requirements(name)
    if missing:
        return {"status": "skipped", "error": "needs %s" % ", ".join(missing)}
    module = program_module(name)
    reference = module.run(lambda fn, **_options: fn)
    torch._dynamo.reset()
    start = time.perf_counter()
    try:
        with depyf.prepare_debug(dump_dir):
            results = module.run(lambda fn, **options: torch.compile(fn, backend=backend, **options))
    except Exception as error:  # noqa: BLE001 - reported per program, the others go on
        return {"status": "error", "error": "%s: %s" % (type(error).__name__, str(error).splitlines()[0][:300])}
    finally:
        torch._dynamo.reset()
    outcome = compare_results(reference, results, backend)
    outcome["compiled_seconds"] = round(time.perf_counter() - start, 2)
    return outcome


def measure(dump_dir: str) -> Dict[str, Any]:
    counts = readability_metrics.measure_dump(dump_dir) if os.path.isdir(dump_dir) else None
    if counts is None:
        counts = readability_metrics.DumpCounts([], {}, [], 0, 0, 0)
    return {
        "totals": counts.totals(),
        "undecompiled_in_full_code": counts.undecompiled_in_full_code,
        "files": [dataclasses.asdict(item) for item in counts.transformed],
        "resume_originals": {name: dataclasses.asdict(item) for name, item in counts.resume_originals.items()},
    }


def run_in_worker(name: str, backend: str, work_dir: str) -> Dict[str, Any]:
    """One program and backend in a fresh interpreter (Dynamo's counters and caches start clean)."""
    run_dir = os.path.join(work_dir, name, backend)
    os.makedirs(run_dir, exist_ok=True)
    dump_dir = os.path.join(run_dir, "dump")
    result_path = os.path.join(run_dir, "result.json")
    log_path = os.path.join(run_dir, "log.txt")
    env = dict(os.environ)
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")  # a shared machine: no compile worker pool
    env.setdefault("TORCHINDUCTOR_CACHE_DIR", os.path.join(work_dir, "inductor-cache"))
    command = [sys.executable, os.path.abspath(__file__), "--worker", name, backend, dump_dir, result_path]
    start = time.perf_counter()
    with open(log_path, "w") as log:
        try:
            process = subprocess.run(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=WORKER_TIMEOUT_S, check=False
            )
            returncode: Optional[int] = process.returncode
        except subprocess.TimeoutExpired:
            returncode = None
    seconds = round(time.perf_counter() - start, 1)
    if os.path.exists(result_path):
        with open(result_path) as handle:
            outcome = json.load(handle)
    elif returncode is None:
        outcome = {"status": "timeout", "error": "no result after %d s" % WORKER_TIMEOUT_S}
    else:
        with open(log_path, errors="replace") as handle:
            tail = [line for line in handle.read().splitlines() if line.strip()][-1:]
        outcome = {"status": "error", "error": "worker exit %s: %s" % (returncode, " ".join(tail)[:300])}
    outcome.update(program=name, backend=backend, seconds=seconds, log=log_path, dump=dump_dir)
    outcome.update(measure(dump_dir))
    return outcome


def worker_main(name: str, backend: str, dump_dir: str, result_path: str) -> None:
    outcome = run_program(name, backend, dump_dir)
    with open(result_path, "w") as handle:
        json.dump(outcome, handle)


def environment() -> Dict[str, str]:
    import platform

    import torch

    import depyf

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "unknown"

    dirty = git("status", "--porcelain", "--untracked-files=no")
    return {
        "commit": git("rev-parse", "--short", "HEAD") + (" (with uncommitted changes)" if dirty else ""),
        "torch": torch.__version__,
        "python": platform.python_version(),
        "depyf": os.path.dirname(os.path.abspath(depyf.__file__)),
        "cpus": str(os.cpu_count()),
    }


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated names (default: all)")
    parser.add_argument("--backends", default=",".join(BACKENDS), help="comma-separated (default: %(default)s)")
    parser.add_argument("--json", metavar="FILE", help="write the whole report as JSON ('-' for stdout)")
    parser.add_argument("--markdown", metavar="FILE", help="write the tables into FILE (between its markers)")
    parser.add_argument("--keep", metavar="DIR", help="keep the dumps and logs under DIR (default: a temporary dir)")
    parser.add_argument("--worker", nargs=4, metavar=("PROGRAM", "BACKEND", "DUMP", "RESULT"), help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    for name in arguments.programs.split(","):
        if name not in PROGRAMS:
            parser.error("unknown program %r (known: %s)" % (name, ", ".join(PROGRAMS)))
    return arguments


def main(argv: Sequence[str]) -> int:
    arguments = parse_arguments(argv)
    if arguments.worker:
        worker_main(*arguments.worker)
        return 0
    programs = arguments.programs.split(",")
    backends = arguments.backends.split(",")
    command = "PYTHONPATH=. python3 benchmarks/readability.py " + " ".join(shlex.quote(arg) for arg in argv)
    report: Dict[str, Any] = {"command": command.strip(), "environment": environment(), "runs": []}
    work_dir = arguments.keep or tempfile.mkdtemp(prefix="depyf-readability-")
    total = len(programs) * len(backends)
    started = time.perf_counter()
    for index, (name, backend) in enumerate(((p, b) for p in programs for b in backends), start=1):
        print("[%d/%d] %s / %s ..." % (index, total, name, backend), file=sys.stderr, flush=True)
        outcome = run_in_worker(name, backend, work_dir)
        report["runs"].append(outcome)
        totals = outcome["totals"]
        print(
            "        %s in %.1f s: %d transformed file(s), %d statements, %d temporaries, %d dead blocks%s"
            % (
                outcome["status"],
                outcome["seconds"],
                totals["transformed_files"],
                totals["statements"],
                totals["temporaries"],
                totals["dead_blocks"],
                (" (" + outcome["error"] + ")") if outcome.get("error") else "",
            ),
            file=sys.stderr,
            flush=True,
        )
    report["totals"] = readability_report.backend_totals(report["runs"], backends)
    report["seconds"] = round(time.perf_counter() - started, 1)
    failed = [run for run in report["runs"] if run["status"] not in ("equal", "skipped")]
    if arguments.keep or failed:
        print("done in %.0f s; dumps and logs under %s" % (report["seconds"], work_dir), file=sys.stderr)
    else:
        shutil.rmtree(work_dir, ignore_errors=True)
        print("done in %.0f s (--keep DIR keeps the dumps)" % report["seconds"], file=sys.stderr)
    tables = readability_report.markdown_tables(report, backends)
    if arguments.markdown:
        readability_report.write_markdown_section(arguments.markdown, tables)
    if arguments.json == "-":
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        if arguments.json:
            with open(arguments.json, "w") as handle:
                json.dump(report, handle, indent=1)
        print(tables)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
