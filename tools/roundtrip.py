"""Measure the decompiler: decompile -> recompile -> compare over each stdlib.

For every supported interpreter, every Nth file of its standard library goes
through tools/roundtrip_worker.py running under that interpreter: each
top-level function and method, and each whole module, is decompiled by
depyf, recompiled by the same interpreter and compared as normalised
bytecode (tools/bytecode_compare.py). Prints and optionally writes a
per-version table; a worker that crashes or hangs is restarted after the
file it was on, which is counted.

    python3 tools/roundtrip.py --every 4 --report docs/roundtrip.md

With --source-dir DIR (repeatable) the files are every .py file under those
folders instead of the standard library (third-party code: tools/third_party.py).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import queue
import subprocess
import sys
import threading
import time
from typing import IO, Dict, List, Optional, Tuple

TOOLS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
from pythons import SUPPORTED_MINORS, all_pythons, depyf_import_dir, is_test_file, stdlib_sources  # noqa: E402

STATUSES = ("equal", "differ", "syntax_error", "error")
# Errors whose output still compiles and runs: a nested function that could
# not be decompiled kept its original bytecode (tools/roundtrip_worker.py).
KEPT_BYTECODE = "original bytecode kept"


class Tally:
    def __init__(self) -> None:
        self.counts: Dict[Tuple[str, str], int] = collections.Counter()
        self.seconds: Dict[str, float] = collections.Counter()
        self.examples: Dict[Tuple[str, str], List[str]] = collections.defaultdict(list)
        self.files = 0
        self.skipped_files = 0
        self.crashed_files: List[str] = []
        self.records: List[dict] = []

    def add(self, record: dict) -> None:
        kind, status = record["kind"], record["status"]
        self.records.append(record)
        if kind == "skip":
            self.skipped_files += 1
            return
        self.counts[(kind, status)] += 1
        if status == "error" and record["detail"].startswith(KEPT_BYTECODE):
            self.counts[(kind, "kept")] += 1
        self.seconds[kind] += record["seconds"]
        if status != "equal" and len(self.examples[(kind, status)]) < 5:
            self.examples[(kind, status)].append("%s:%s: %s" % (record["file"], record["unit"], record["detail"]))

    def total(self, kind: str) -> int:
        return sum(self.counts[(kind, status)] for status in STATUSES)


def forward_lines(stream, lines: "queue.Queue[Optional[str]]") -> None:
    """Reader thread: lets the main loop wait on worker output with a timeout."""
    for line in stream:
        lines.put(line)
    lines.put(None)


def write_paths(stream: IO[str], paths: List[str]) -> None:
    try:
        stream.write("".join(path + "\n" for path in paths))
        stream.close()
    except (BrokenPipeError, OSError):
        pass  # the worker died; the caller sees it on stdout


def run_worker(python: str, files: List[str], kinds: str, timeout: float, tally: Tally, label: str) -> None:
    """Feed files to one worker, restarting it after a crash or a hang."""
    env = dict(os.environ, PYTHONPATH=depyf_import_dir() + os.pathsep + str(TOOLS), PYTHONHASHSEED="0")
    remaining = list(files)
    while remaining:
        process = subprocess.Popen(
            [python, str(TOOLS / "roundtrip_worker.py"), kinds],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        lines: "queue.Queue[Optional[str]]" = queue.Queue()
        threading.Thread(target=forward_lines, args=(process.stdout, lines), daemon=True).start()
        # The worker reads paths as it goes: a list longer than the pipe's
        # buffer (every file with the tests) blocks this write until it has
        # read them, so write from a thread of its own and keep watching
        # for hangs here.
        threading.Thread(target=write_paths, args=(process.stdin, list(remaining)), daemon=True).start()
        current: Optional[str] = None
        finished = False
        while True:
            try:
                line = lines.get(timeout=timeout)
            except queue.Empty:
                process.kill()
                tally.crashed_files.append("%s (hang > %ds)" % (current, timeout))
                break
            if line is None:
                process.wait()
                if not finished:
                    tally.crashed_files.append("%s (worker exit %s)" % (current, process.returncode))
                break
            record = json.loads(line)
            if "start" in record:
                current = record["start"]
                remaining.remove(current)
                tally.files += 1
                if tally.files % 50 == 0:
                    print("  %s: %d files" % (label, tally.files), file=sys.stderr, flush=True)
            elif "done" in record:
                finished = True
            else:
                tally.add(record)
        if finished:
            break


def percent(part: int, whole: int) -> str:
    return "%.1f%%" % (100.0 * part / whole) if whole else "-"


def table(results: Dict[int, Tally], kind: str) -> List[str]:
    rows = [
        "| version | units | equal | differ | syntax errors | errors | compile rate | runnable with kept bytecode | units/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for minor, tally in sorted(results.items()):
        total = tally.total(kind)
        equal = tally.counts[(kind, "equal")]
        compiled = equal + tally.counts[(kind, "differ")]
        speed = total / tally.seconds[kind] if tally.seconds[kind] else 0.0
        rows.append(
            "| 3.%d | %d | %d (%s) | %d | %d | %d | %s | %s | %.0f |"
            % (minor, total, equal, percent(equal, total), tally.counts[(kind, "differ")],
               tally.counts[(kind, "syntax_error")], tally.counts[(kind, "error")], percent(compiled, total),
               percent(compiled + tally.counts[(kind, "kept")], total), speed)
        )
    return rows


def report(results: Dict[int, Tally], command: str, kinds: List[str], corpus: str = "the standard library") -> str:
    lines = ["# Decompiler round trip over %s" % corpus, "", "Command: `%s`" % command, ""]
    for kind in kinds:
        lines += ["## %s units" % kind, ""] + table(results, kind) + [""]
    for minor, tally in sorted(results.items()):
        lines.append("## 3.%d: %d files, %d do not compile, %d crashed/hung" % (
            minor, tally.files, tally.skipped_files, len(tally.crashed_files)))
        lines += ["- crash/hang: %s" % f for f in tally.crashed_files[:10]]
        for (kind, status), examples in sorted(tally.examples.items()):
            lines += ["- %s %s: %s" % (kind, status, e) for e in examples]
        lines.append("")
    return "\n".join(lines)


def source_dir_files(folders: List[str], include_tests: bool) -> List[str]:
    """The .py files under `folders` (a single .py file stands for itself), tests left out unless asked for."""
    found = []
    for folder in folders:
        folder = os.path.abspath(folder)
        if folder.endswith(".py"):
            found.append(folder)
            continue
        for root, _dirs, names in os.walk(folder):
            for name in names:
                path = os.path.join(root, name)
                if name.endswith(".py") and (include_tests or not is_test_file(os.path.relpath(path, folder))):
                    found.append(path)
    return sorted(found)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--versions",
        default=",".join("3.%d" % minor for minor in SUPPORTED_MINORS),
        help="comma-separated (default: every supported version, 3.8-3.15)",
    )
    parser.add_argument("--every", type=int, default=4, help="take every Nth stdlib file")
    parser.add_argument("--limit", type=int, default=0, help="at most this many files per version")
    parser.add_argument("--with-tests", action="store_true", help="include Lib/test and other test files")
    parser.add_argument("--kinds", default="function,module")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds without progress before a worker counts as hung")
    parser.add_argument("--report", help="write a markdown report here")
    parser.add_argument("--records", help="write every unit's result here as JSON lines (for classifying failures)")
    parser.add_argument(
        "--source-dir", action="append", default=[], help="take the .py files under this folder (or this .py file) instead of the stdlib"
    )
    args = parser.parse_args(argv)

    minors = [int(v.split(".")[1]) for v in args.versions.split(",")]
    pythons = all_pythons(required=True)
    results: Dict[int, Tally] = {}
    for minor in minors:
        if args.source_dir:
            files = source_dir_files(args.source_dir, args.with_tests)[:: args.every]
        else:
            files = stdlib_sources(pythons[minor], include_tests=args.with_tests)[:: args.every]
        if args.limit:
            files = files[: args.limit]
        started = time.time()
        print("3.%d: %d files" % (minor, len(files)), file=sys.stderr, flush=True)
        tally = Tally()
        run_worker(pythons[minor], files, args.kinds, args.timeout, tally, "3.%d" % minor)
        results[minor] = tally
        print("3.%d done in %.0fs" % (minor, time.time() - started), file=sys.stderr, flush=True)

    kinds = args.kinds.split(",")
    command = "python3 tools/roundtrip.py " + " ".join(argv if argv is not None else sys.argv[1:])
    corpus = "the standard library" if not args.source_dir else ", ".join(args.source_dir)
    text = report(results, command.strip(), kinds, corpus)
    print(text)
    if args.report:
        pathlib.Path(args.report).write_text(text + "\n")
    if args.records:
        with open(args.records, "w") as out:
            for minor, tally in sorted(results.items()):
                for record in tally.records:
                    out.write(json.dumps(dict(record, version="3.%d" % minor)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
