"""Differential tester for the decompiler: generate, decompile, recompile, run, compare.

    python3 tools/difftest/cli.py run --versions 3.8,3.13 --count 2000 --seed 1 --jobs 2 \\
        --findings /tmp/difftest/findings.jsonl --minimise-into /tmp/difftest/min
    python3 tools/difftest/cli.py show --version 3.11 --seed 1 --index 6
    python3 tools/difftest/cli.py minimise /tmp/difftest/findings.jsonl --into /tmp/difftest/min
    python3 tools/difftest/cli.py recheck /tmp/difftest/findings.jsonl --unexplained /tmp/difftest/left.jsonl
    python3 tools/difftest/cli.py prune-known        # after a fix: drop what no longer differs

Each program (tools/difftest/generator.py) is compiled by the version's
interpreter, each of its functions decompiled by depyf and recompiled by
the same interpreter; both run under the driver (tools/difftest/driver.py)
on the program's inputs and their records are compared. A
DecompilationError counts as refused; a difference, a decompiled source
that does not compile, a crash or a hang is a finding. Findings go to a
JSON-lines file; `minimise` shrinks each and writes it with its difference.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from typing import Dict, List, Optional

TOOLS = pathlib.Path(__file__).resolve().parent.parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from pythons import all_pythons  # noqa: E402

from difftest import known_findings  # noqa: E402
from difftest.generator import OPTIONAL_SHAPES, Program, generate  # noqa: E402
from difftest.minimiser import Minimiser, finding_signature  # noqa: E402
from difftest.runner import Run  # noqa: E402
from difftest.worker_process import WorkerProcess  # noqa: E402


def select_pythons(versions: str) -> Dict[int, str]:
    found = all_pythons(required=False)
    wanted = [int(v.split(".")[1]) for v in versions.split(",")] if versions != "all" else sorted(found)
    return {minor: found[minor] for minor in wanted if minor in found}


def write_minimised(directory: str, version: str, program: Program, result: Dict[str, object], original_id: str) -> str:
    """One finding as a runnable file: the difference in a comment, then the program."""
    os.makedirs(directory, exist_ok=True)
    name = "%s_%s_%s.py" % (
        version.replace(".", ""),
        original_id.replace(":", "_"),
        finding_signature(result).replace(":", "_"),
    )
    lines = [
        "# difftest finding on CPython %s (from program %s)" % (version, original_id),
        "# status: %s" % result.get("status"),
        "# inputs (a, b, c): %s" % json.dumps(program.inputs),
    ]
    lines += ["# " + line for line in str(result.get("detail", "")).splitlines()]
    lines += ["# decompiled:"] + ["#   " + line for line in str(result.get("decompiled", "")).splitlines()]
    path = os.path.join(directory, name)
    pathlib.Path(path).write_text("\n".join(lines) + "\n" + program.source + "\n")
    return path


def spread(findings: List[Dict[str, object]], per_group: int) -> List[Dict[str, object]]:
    """At most `per_group` findings of each version and kind, so one frequent bug does not take all the time."""
    taken: Dict[str, int] = {}
    chosen = []
    for finding in findings:
        group = "%s %s" % (finding["version"], finding_signature(finding))
        if taken.get(group, 0) < per_group:
            taken[group] = taken.get(group, 0) + 1
            chosen.append(finding)
    return chosen


def minimise_findings(findings: List[Dict[str, object]], into: str, pythons: Dict[int, str], limit: int) -> List[str]:
    written = []
    for finding in findings[:limit]:
        minor = int(str(finding["version"]).split(".")[1])
        if minor not in pythons:
            continue
        program = Program(str(finding["id"]), str(finding["source"]), list(finding["inputs"]))  # type: ignore[arg-type]
        small, result = Minimiser(pythons[minor]).minimise(program, finding)
        path = write_minimised(into, str(finding["version"]), small, result, program.ident)
        print(
            "minimised %s %s -> %s (%d lines)" % (finding["version"], program.ident, path, small.source.count("\n") + 1)
        )
        written.append(path)
    return written


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="generate and check programs")
    run.add_argument("--versions", default="all", help="e.g. 3.8,3.11 (default: every interpreter found)")
    run.add_argument("--count", type=int, default=1000, help="programs per version")
    run.add_argument("--start", type=int, default=0, help="index of the first program")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--jobs", type=int, default=2, help="parallel workers")
    run.add_argument("--timeout", type=float, default=30.0, help="seconds per program before it counts as a hang")
    run.add_argument("--without", default="", help="shapes to leave out: " + ", ".join(OPTIONAL_SHAPES))
    run.add_argument("--findings", help="append findings here (JSON lines)")
    run.add_argument("--minimise-into", help="minimise up to --minimise-limit findings into this folder")
    run.add_argument("--minimise-limit", type=int, default=20)
    run.add_argument("--progress", type=float, default=30.0, help="seconds between progress lines")
    run.add_argument("--max-seconds", type=float, default=0.0, help="start no new chunk of programs after this long")
    show = commands.add_parser("show", help="print one generated program")
    show.add_argument("--version", required=True)
    show.add_argument("--seed", type=int, default=0)
    show.add_argument("--index", type=int, required=True)
    show.add_argument("--check", action="store_true", help="also check it and print the result")
    check = commands.add_parser("check", help="check one program file (e.g. a minimised finding) on each version")
    check.add_argument("file")
    check.add_argument("--versions", default="all")
    check.add_argument(
        "--inputs", default="[[0, 1, [1, 2]], [3, -1, []], [2, 4, [0, 3, 5]]]", help="JSON list of (a, b, c)"
    )
    minimise = commands.add_parser("minimise", help="minimise the findings of a findings file")
    minimise.add_argument("findings")
    minimise.add_argument("--into", required=True)
    minimise.add_argument("--limit", type=int, default=20)
    minimise.add_argument("--per-group", type=int, default=0, help="at most this many per version and kind")
    recheck = commands.add_parser(
        "recheck", help="rerun the findings of a findings file with this checkout: fixed, known, or unexplained"
    )
    recheck.add_argument("findings")
    recheck.add_argument("--unexplained", help="write the findings no known entry explains here (JSON lines)")
    prune_known = commands.add_parser(
        "prune-known", help="drop the versions where a known finding's reproducer no longer differs"
    )
    prune_known.add_argument("--file", default=str(known_findings.DEFAULT_FILE))
    prune_known.add_argument("--dry-run", action="store_true", help="report, do not rewrite the file")
    args = parser.parse_args(argv)

    if args.command == "show":
        pythons = select_pythons(args.version)
        minor = int(args.version.split(".")[1])
        program = generate(args.seed, args.index, minor)
        print(program.source)
        print("# inputs:", json.dumps(program.inputs))
        if args.check:
            worker = WorkerProcess(pythons[minor])
            print(json.dumps(worker.check(program), indent=1))
            worker.close()
        return 0
    if args.command == "check":
        source = pathlib.Path(args.file).read_text()
        for minor, python in sorted(select_pythons(args.versions).items()):
            if "match " in source and minor < 10 or "except*" in source and minor < 11:
                print("3.%d: (syntax not in this version)" % minor)
                continue
            worker = WorkerProcess(python)
            result = worker.check(Program(args.file, source, json.loads(args.inputs)))
            worker.close()
            print("3.%d: %s %s" % (minor, result["status"], str(result.get("detail", ""))[:200]))
        return 0
    if args.command == "recheck":
        findings = [json.loads(line) for line in open(args.findings) if line.strip()]
        findings = [finding for finding in findings if finding["status"] != "invalid"]
        tallies, unexplained = known_findings.recheck(findings, select_pythons("all"), known_findings.load())
        for version, tally in sorted(tallies.items(), key=lambda item: int(item[0].split(".")[1])):
            print("%s: %s" % (version, ", ".join("%s %d" % (what, n) for what, n in sorted(tally.items()))))
        print("unexplained: %d of %d findings" % (len(unexplained), len(findings)))
        if args.unexplained:
            with open(args.unexplained, "w") as handle:
                handle.writelines(json.dumps(finding) + "\n" for finding in unexplained)
        return 0 if not unexplained else 1
    if args.command == "prune-known":
        report = known_findings.prune(pathlib.Path(args.file), select_pythons("all"), write=not args.dry_run)
        print("\n".join(report))
        return 0
    if args.command == "minimise":
        findings = [json.loads(line) for line in open(args.findings) if line.strip()]
        findings = [finding for finding in findings if finding["status"] != "invalid"]
        if args.per_group:
            findings = spread(findings, args.per_group)
        minimise_findings(findings, args.into, select_pythons("all"), args.limit)
        return 0

    pythons = select_pythons(args.versions)
    without = frozenset(w for w in args.without.split(",") if w)
    unknown = without - set(OPTIONAL_SHAPES)
    if unknown:
        parser.error("unknown shapes in --without: %s" % ", ".join(sorted(unknown)))
    runner = Run(
        pythons,
        args.seed,
        args.count,
        jobs=args.jobs,
        start=args.start,
        without=without,
        timeout=args.timeout,
        progress_seconds=args.progress,
        findings_file=args.findings,
        max_seconds=args.max_seconds,
    )
    runner.run()
    print(runner.summary())
    if args.minimise_into and runner.findings:
        minimise_findings([f.as_json() for f in runner.findings], args.minimise_into, pythons, args.minimise_limit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
