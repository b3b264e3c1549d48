"""The decompiler on third-party code: round trip and test suites (issue 22).

    python3 tools/third_party.py roundtrip [--versions 3.8,...] [--report docs/third_party.md] [--records FILE]
    python3 tools/third_party.py behaviour [--versions 3.11,...] [--packages six,idna] [--report FILE]

The corpus is tools/third_party_corpus.py: popular pure-Python packages,
pinned, their sdists fetched once into ~/.cache/depyf/third-party.

`roundtrip`: every function and module of the packages' sources (tests left
out) decompiled, recompiled by each interpreter and compared as bytecode
(tools/roundtrip.py), with a table per package.

`behaviour`: for each interpreter, a virtual environment with pytest and the
suites' own test requirements (made once, from the configured index); each
package's sdist copied twice, once with its sources replaced by their
decompilation (compiled by that interpreter, decompiled by this checkout;
functions it cannot decompile keep their bytecode, as `depyf decompile`
does), and its test suite run in both. A test that fails with the decompiled
sources but not with the originals is a behaviour difference.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from typing import Dict, List, Optional, Set

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
import roundtrip  # noqa: E402
from behaviour_check import decompiled_source  # noqa: E402
from pythons import all_pythons  # noqa: E402
from third_party_corpus import CACHE, PACKAGES, Package, fetch, say  # noqa: E402
from torch_envs import pip_environment, runner  # noqa: E402


def _selected(names: Optional[str]) -> List[Package]:
    if not names:
        return list(PACKAGES)
    wanted = set(names.split(","))
    unknown = wanted - {p.name for p in PACKAGES}
    if unknown:
        raise SystemExit("not in the corpus: %s" % ", ".join(sorted(unknown)))
    return [p for p in PACKAGES if p.name in wanted]


def _minors(versions: Optional[str]) -> List[int]:
    found = all_pythons(required=False)
    if not versions:
        return sorted(found)
    return [int(v.split(".")[1]) for v in versions.split(",")]


def _source_files(package: Package) -> List[str]:
    """The package's own .py files (its tests left out), relative to its sdist's root."""
    folders = [os.path.join(package.root, source) for source in package.sources]
    return [os.path.relpath(path, package.root) for path in roundtrip.source_dir_files(folders, include_tests=False)]


# ---- round trip ----


def run_roundtrip(args: argparse.Namespace) -> int:
    packages = _selected(args.packages)
    fetch(packages)
    records = args.records or os.path.join(tempfile.mkdtemp(prefix="depyf-third-party-"), "records.jsonl")
    argv = ["--versions", ",".join("3.%d" % m for m in _minors(args.versions)), "--every", "1", "--records", records]
    for package in packages:
        for source in package.sources:
            argv += ["--source-dir", os.path.join(package.root, source)]
    with open(os.devnull, "w") as quiet:
        stdout, sys.stdout = sys.stdout, quiet
        try:
            roundtrip.main(argv)
        finally:
            sys.stdout = stdout
    text = _roundtrip_report(packages, records, "python3 tools/third_party.py " + " ".join(sys.argv[1:]))
    print(text)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 0


def _roundtrip_report(packages: List[Package], records: str, command: str) -> str:
    owner = {}
    for package in packages:
        owner[os.path.realpath(package.root)] = package.pin
    counts: Dict[tuple, collections.Counter] = collections.defaultdict(collections.Counter)
    failures: List[str] = []
    with open(records, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["kind"] not in ("function", "module"):
                continue
            path = os.path.realpath(record["file"])
            pin = next((pin for root, pin in owner.items() if path.startswith(root + os.sep)), "?")
            counts[(record["version"], record["kind"])][record["status"]] += 1
            counts[(record["version"], pin)][record["status"] == "equal"] += 1
            if record["status"] != "equal":
                failures.append(
                    "%s %s %s: %s %s"
                    % (
                        record["version"],
                        os.path.relpath(path, CACHE),
                        record["unit"],
                        record["status"],
                        record["detail"][:160].replace("\n", " "),
                    )
                )
    versions = sorted({version for version, _ in counts}, key=lambda v: int(v.split(".")[1]))
    lines = ["# Decompiler round trip over the third-party corpus", "", "Command: `%s`" % command, ""]
    lines += ["Packages: " + ", ".join(p.pin for p in packages), ""]
    lines += ["| version | functions equal | modules equal |", "|---|---|---|"]
    for version in versions:
        cells = []
        for kind in ("function", "module"):
            tally = counts[(version, kind)]
            total = sum(tally.values())
            cells.append("%d / %d (%s)" % (tally["equal"], total, roundtrip.percent(tally["equal"], total)))
        lines.append("| %s | %s | %s |" % (version, cells[0], cells[1]))
    lines += ["", "Units equal per package (functions and modules):", ""]
    lines += ["| package | " + " | ".join(versions) + " |", "|---|" + "---|" * len(versions)]
    for package in packages:
        cells = []
        for version in versions:
            tally = counts[(version, package.pin)]
            cells.append("%d/%d" % (tally[True], tally[True] + tally[False]))
        lines.append("| %s | %s |" % (package.pin, " | ".join(cells)))
    lines += ["", "## Units that differ (%d)" % len(failures), ""] + ["- " + f for f in failures[:400]]
    return "\n".join(lines)


# ---- test suites ----


def ensure_test_env(minor: int, packages: List[Package]) -> List[str]:
    """The command that runs the interpreter's test environment (pytest and the suites' requirements)."""
    directory = os.path.join(CACHE, "venv-3.%d" % minor)
    prefix = runner(minor)
    python = prefix + [os.path.join(directory, "bin", "python")]
    # pytest 9 no longer passes the `path` argument that older conftest hooks take (boltons').
    requirements = sorted({"pytest<9"} | {r for p in packages for r in p.test_requires})
    ready = os.path.join(directory, ".depyf-ready")
    installed = set(open(ready).read().split()) if os.path.exists(ready) else None
    if installed is not None and set(requirements) <= installed:
        return python
    env = pip_environment(inside_root=bool(prefix))
    if installed is None:  # made once; later runs only add what they need
        say("3.%d: making %s" % (minor, directory))
        if os.path.exists(directory):
            shutil.rmtree(directory)
        subprocess.run([all_pythons(required=False)[minor], "-m", "venv", directory], check=True)
        installed = set()
    wanted = sorted(set(requirements) | installed)
    say("3.%d: installing %s" % (minor, ", ".join(wanted)))
    subprocess.run(python + ["-m", "pip", "install", "-q", "--disable-pip-version-check"] + wanted, check=True, env=env)
    with open(ready, "w") as handle:
        handle.write(" ".join(wanted))
    return python


def _failed_tests(junit: str) -> Optional[Set[str]]:
    try:
        tree = ElementTree.parse(junit)
    except (OSError, ElementTree.ParseError):
        return None
    failed = set()
    for case in tree.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed.add("%s::%s" % (case.get("classname"), case.get("name")))
    return failed


def _count_tests(junit: str) -> int:
    try:
        return sum(1 for case in ElementTree.parse(junit).iter("testcase") if case.find("skipped") is None)
    except (OSError, ElementTree.ParseError):
        return 0


def _run_suite(python: List[str], package: Package, tree: str, timeout: float) -> dict:
    junit = os.path.join(tree, ".depyf-junit.xml")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PYTHONPATH=os.path.join(tree, package.path), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    command = python + ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--junitxml", junit]
    command += [os.path.join(tree, t) for t in package.tests]
    try:
        proc = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "tests took over %d s" % timeout}
    failed = _failed_tests(junit)
    if failed is None:
        return {"error": "pytest exit %d: %s" % (proc.returncode, (proc.stdout + proc.stderr)[-600:])}
    return {"run": _count_tests(junit), "failed": failed}


def check_package(python_path: str, python: List[str], minor: int, package: Package, timeout: float) -> dict:
    files = _source_files(package)
    sources: Dict[str, str] = {}
    for relative in files:
        try:
            sources[relative] = decompiled_source(python_path, os.path.join(package.root, relative), minor)
        except (RuntimeError, subprocess.CalledProcessError) as error:
            return {"status": "error", "detail": "decompile %s: %s" % (relative, str(error)[:300])}
    with tempfile.TemporaryDirectory(prefix="depyf-tp-", dir=os.path.join(CACHE)) as work:
        decompiled, original = os.path.join(work, "decompiled"), os.path.join(work, "original")
        shutil.copytree(package.root, decompiled)
        shutil.copytree(package.root, original)
        for relative, text in sources.items():
            with open(os.path.join(decompiled, relative), "w", encoding="utf-8") as handle:
                handle.write(text)
        result = _run_suite(python, package, decompiled, timeout)
        control = _run_suite(python, package, original, timeout)
    if "error" in control:
        return {"status": "skipped", "detail": "the original's suite does not run here: " + control["error"]}
    if "error" in result:
        return {"status": "error", "detail": result["error"]}
    differ = sorted(result["failed"] - control["failed"])
    return {
        "status": "behaviour" if differ else "ok",
        "run": result["run"],
        "failed": differ,
        "failing_anyway": len(control["failed"]),
        "files": len(files),
    }


def run_behaviour(args: argparse.Namespace) -> int:
    packages = [p for p in _selected(args.packages) if p.tests]
    fetch(packages)
    pythons = all_pythons(required=False)
    rows = [
        "| version | packages | same behaviour | tests run | behaviour differs | errors | skipped |",
        "|---|---|---|---|---|---|---|",
    ]
    problems: List[str] = []
    started = time.time()
    for minor in _minors(args.versions):
        python = ensure_test_env(minor, packages)
        counts: collections.Counter = collections.Counter()
        tests = 0
        for package in packages:
            result = check_package(pythons[minor], python, minor, package, args.timeout)
            counts[result["status"]] += 1
            tests += result.get("run", 0)
            line = "3.%d %s: %s" % (minor, package.pin, result["status"])
            if result["status"] != "ok":
                detail = result.get("detail") or ", ".join(result.get("failed", [])[:5])
                line += " (%s)" % detail[:300]
                if result["status"] != "skipped":
                    problems.append(line)
            say(line)
        checked = counts["ok"] + counts["behaviour"] + counts["error"]
        rows.append(
            "| 3.%d | %d | %d | %d | %d | %d | %d |"
            % (minor, checked, counts["ok"], tests, counts["behaviour"], counts["error"], counts["skipped"])
        )
    text = "\n".join(
        [
            "# Third-party test suites against decompiled packages",
            "",
            "Command: `python3 tools/third_party.py %s` (%.0f s)" % (" ".join(sys.argv[1:]), time.time() - started),
            "",
            "Packages: " + ", ".join(p.pin for p in packages),
            "",
        ]
        + rows
        + [""]
        + (["## Problems", ""] + ["- " + p for p in problems] if problems else [])
    )
    print(text)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("roundtrip", "behaviour"):
        command = commands.add_parser(name)
        command.add_argument("--versions", help="comma-separated, e.g. 3.8,3.13 (default: every interpreter found)")
        command.add_argument("--packages", help="comma-separated PyPI names (default: the whole corpus)")
        command.add_argument("--report", help="write a Markdown report here")
        if name == "roundtrip":
            command.add_argument("--records", help="keep every unit's result here (JSON lines)")
        else:
            command.add_argument("--timeout", type=float, default=900.0, help="seconds for one test suite run")
    args = parser.parse_args()
    return run_roundtrip(args) if args.command == "roundtrip" else run_behaviour(args)


if __name__ == "__main__":
    raise SystemExit(main())
