"""The "disassembler agrees with dis" oracle over whole standard libraries.

For each CPython 3.8-3.15 found by tools/pythons.py (3.14 and 3.15 run in a
chroot: their standard library is listed on this machine under the chroot's
root and handed to them as the paths they see inside):

1. list every .py file of that interpreter's standard library (Lib/test
   included, site-packages excluded), optionally a slice (--every, --offset,
   --limit);
2. run tools/dis_reference.py UNDER that interpreter: it compiles each file,
   writes its .pyc (some hash-based) and what dis says about every code object,
   into a cache directory (reused while the inputs are unchanged);
3. disassemble each .pyc with depyf._core.disassemble_pyc (and every
   --marshal-every'th one also through disassemble_marshal on its marshal
   payload) in worker processes, so a crash is caught and pinned to a file;
4. compare per code object and report: files, files skipped (do not compile
   under that version), code objects, equal, differing, errors.

Exit status: 0 when everything agrees, 1 when anything differs or fails.

    python3 tools/dis_sweep.py                                # everything
    python3 tools/dis_sweep.py --versions 3.12 --every 40     # a slice
    python3 tools/dis_sweep.py --report docs/dis_sweep.md     # also write the report
    python3 tools/dis_sweep.py --backend reference --every 50 # check the plumbing without depyf

--backend reference runs the workers under the reference interpreter and uses
dis_reference itself as the "disassembler" (a self-check of this tool).

This file stays valid Python 3.8: with --backend reference it runs under every
reference interpreter.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import hashlib
import json
import os
import shlex
import subprocess
import sys
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
REFERENCE_TOOL = os.path.join(TOOLS, "dis_reference.py")
PYC_HEADER_SIZE = 16

sys.path.insert(0, TOOLS)
from dis_reference import compare_listings, compare_text_listings, parse_json_lines  # noqa: E402
from pythons import SUPPORTED_MINORS, all_pythons, host_path  # noqa: E402

Entry = Dict[str, Any]
Result = Dict[str, Any]
_print_lock = threading.Lock()


def log(message: str) -> None:
    with _print_lock:
        print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Selecting sources
# --------------------------------------------------------------------------


def stdlib_dir(python: str) -> str:
    """The interpreter's stdlib directory as the interpreter itself sees it."""
    script = "import sysconfig; print(sysconfig.get_paths()['stdlib'])"
    return subprocess.run([python, "-c", script], check=True, stdout=subprocess.PIPE, universal_newlines=True,
                          cwd=REPO).stdout.strip()


def stdlib_sources_seen_by(python: str, lib: str) -> List[str]:
    """Every source under lib, as paths the interpreter can open (a chroot's are not this machine's)."""
    here = host_path(python, lib)
    return [lib + path[len(here):] for path in list_sources(here)]


def list_sources(lib: str) -> List[str]:
    """Every .py file under lib, sorted, without site-packages and __pycache__."""
    found = []
    for directory, subdirs, files in os.walk(lib):
        subdirs[:] = sorted(d for d in subdirs if d not in ("site-packages", "__pycache__"))
        found += [os.path.join(directory, name) for name in files if name.endswith(".py")]
    return sorted(found)


def select(paths: List[str], every: int, offset: int, limit: int) -> List[str]:
    chosen = [p for i, p in enumerate(paths) if i % every == offset % every]
    return chosen[:limit] if limit > 0 else chosen


def selection_name(args: argparse.Namespace) -> str:
    name = "all" if args.every == 1 else "every%d+%d" % (args.every, args.offset % args.every)
    return name + ("-limit%d" % args.limit if args.limit > 0 else "")


# --------------------------------------------------------------------------
# Reference side (one process per version, under that interpreter)
# --------------------------------------------------------------------------


def reference_key(python: str, sources: List[str], hash_every: int) -> str:
    digest = hashlib.sha256()
    with open(REFERENCE_TOOL, "rb") as handle:
        digest.update(handle.read())
    digest.update(("%s\0%d\0hashseed0\0" % (os.path.realpath(python), hash_every)).encode())
    for path in sources:
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


def read_manifest(cache: str) -> Tuple[Dict[str, Any], List[Entry]]:
    path = os.path.join(cache, "manifest.jsonl")
    if not os.path.exists(path):
        return {}, []
    with open(path, "r", encoding="utf-8") as handle:
        lines = parse_json_lines(handle.read())
    return (lines[0], lines[1:]) if lines else ({}, [])


def fixed_hash_seed() -> Dict[str, str]:
    """The environment with a fixed string hash seed.

    The text listing prints frozensets in iteration order. depyf keeps the order
    marshal wrote, which is the compiling process's order, so it agrees with dis
    run in that process; --backend reference re-reads the .pyc in another
    process, where only the same hash seed gives the same order.
    """
    return dict(os.environ, PYTHONHASHSEED="0")


def ensure_reference(python: str, lib: str, sources: List[str], cache: str, hash_every: int) -> List[Entry]:
    """Manifest entries for sources, running dis_reference.py unless the cache is current."""
    key = reference_key(python, sources, hash_every)
    header, entries = read_manifest(cache)
    if header.get("key") == key and len(entries) == len(sources):
        log("[%s] reference cached in %s" % (os.path.basename(cache), cache))
        return entries
    os.makedirs(cache, exist_ok=True)
    command = [python, REFERENCE_TOOL, "compile", "--out", cache, "--root", lib,
               "--hash-every", str(hash_every), "--key", key, "--progress-every", "200"]
    # cwd: the chroot wrappers bind the caller's top-level folder, which holds the cache.
    subprocess.run(command, input="\n".join(sources) + "\n", universal_newlines=True, check=True, cwd=REPO,
                   env=fixed_hash_seed())
    return read_manifest(cache)[1]


# --------------------------------------------------------------------------
# Worker side: disassemble and compare a chunk of files
# --------------------------------------------------------------------------


def empty_result(entry: Entry, path_kind: str) -> Result:
    return {"source": entry["source"], "path": path_kind, "header": entry.get("header"), "code_objects": 0,
            "equal": 0, "differing": 0, "text_equal": 0, "text_differing": 0, "error": None, "diffs": []}


def load_disassembler(backend: str, minor: int) -> Any:
    """Callables (pyc_bytes, as_json -> str), (marshal_bytes, as_json -> str) plus the error type."""
    if backend == "reference":
        import marshal

        import dis_reference

        def listing(code: Any, as_json: bool) -> str:
            return dis_reference.reference_json_lines(code) if as_json else dis_reference.reference_text(code)

        return (lambda data, as_json: listing(marshal.loads(data[PYC_HEADER_SIZE:]), as_json),
                lambda data, as_json: listing(marshal.loads(data), as_json), ValueError)
    from depyf import _core  # type: ignore[attr-defined]

    return (lambda data, as_json: _core.disassemble_pyc(data, as_json),
            lambda data, as_json: _core.disassemble_marshal(data, minor, as_json), _core.DecompilationError)


def check_one(entry: Entry, cache: str, path_kind: str, disassemble: Any, error_type: Any) -> Result:
    result = empty_result(entry, path_kind)
    with open(os.path.join(cache, entry["ref"]), "r", encoding="utf-8") as handle:
        expected = parse_json_lines(handle.read())
    with open(os.path.join(cache, entry["pyc"]), "rb") as handle:
        data = handle.read()
    if path_kind == "marshal":
        data = data[PYC_HEADER_SIZE:]
    result["code_objects"] = len(expected)
    try:
        actual = parse_json_lines(disassemble(data, True))
        actual_text = disassemble(data, False) if "text" in entry else None
    except error_type as exc:
        result["error"] = "%s: %s" % (type(exc).__name__, exc)
        return result
    except ValueError as exc:  # json.JSONDecodeError: the output is not JSON lines
        result["error"] = "invalid JSON output: %s" % exc
        return result
    except Exception as exc:  # noqa: BLE001 - any other exception type is itself a bug to report
        result["error"] = "unexpected %s: %s" % (type(exc).__name__, exc)
        return result
    equal, diffs = compare_listings(expected, actual)
    result.update(equal=equal, differing=len(expected) - equal, diffs=diffs[:5])
    if diffs and equal == len(expected):  # only extra code objects
        result["differing"] = 1
    if actual_text is not None:
        with open(os.path.join(cache, entry["text"]), "r", encoding="utf-8") as handle:
            text_equal, text_diffs = compare_text_listings(handle.read(), actual_text)
        result.update(text_equal=text_equal, text_differing=max(len(expected) - text_equal, 1 if text_diffs else 0))
        result["diffs"] = (diffs[:3] + text_diffs[:3])[:5]
    return result


def run_worker() -> int:
    """--worker: task JSON on stdin, one result JSON per line on stdout."""
    task = json.loads(sys.stdin.read())
    pyc_fn, marshal_fn, error_type = load_disassembler(task["backend"], task["minor"])
    for entry, path_kind in task["items"]:
        fn = marshal_fn if path_kind == "marshal" else pyc_fn
        result = check_one(entry, task["cache"], path_kind, fn, error_type)
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    return 0


# --------------------------------------------------------------------------
# Driver side: chunks of work in subprocesses
# --------------------------------------------------------------------------


def run_chunk(worker_python: str, task: Dict[str, Any]) -> Tuple[int, List[Result]]:
    proc = subprocess.run([worker_python, os.path.abspath(__file__), "--worker"], input=json.dumps(task), cwd=REPO,
                          env=fixed_hash_seed(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 and proc.stderr.strip():
        log("worker exited with %d: %s" % (proc.returncode, proc.stderr.strip()[-2000:]))
    return proc.returncode, results


def crash_result(entry: Entry, path_kind: str, returncode: int) -> Result:
    result = empty_result(entry, path_kind)
    result["error"] = "CRASH: worker process died (exit status %d)" % returncode
    result["crash"] = True
    return result


def check_chunk(worker_python: str, task: Dict[str, Any]) -> List[Result]:
    """Results for every item of the task; a crashing item is isolated and reported."""
    returncode, results = run_chunk(worker_python, task)
    if returncode == 0 and len(results) == len(task["items"]):
        return results
    # The worker died on item len(results); retry the rest one by one.
    for entry, path_kind in task["items"][len(results):]:
        single = dict(task, items=[[entry, path_kind]])
        code, one = run_chunk(worker_python, single)
        results += one if (code == 0 and one) else [crash_result(entry, path_kind, code)]
    return results


def work_items(entries: List[Entry], marshal_every: int) -> List[List[Any]]:
    items: List[List[Any]] = []
    compiled = [e for e in entries if e["status"] == "ok"]
    for position, entry in enumerate(compiled):
        items.append([entry, "pyc"])
        if marshal_every > 0 and position % marshal_every == 0:
            items.append([entry, "marshal"])
    return items


def compare_version(minor: int, python: str, entries: List[Entry], cache: str, args: argparse.Namespace) -> List[Result]:
    worker_python = python if args.backend == "reference" else sys.executable
    items = work_items(entries, args.marshal_every)
    chunks = [items[i:i + args.chunk] for i in range(0, len(items), args.chunk)]
    base = {"backend": args.backend, "minor": minor, "cache": cache}
    results: List[Result] = []
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(check_chunk, worker_python, dict(base, items=chunk)) for chunk in chunks]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            results += future.result()
            if done % max(1, len(chunks) // 10) == 0 or done == len(chunks):
                bad = sum(1 for r in results if r["differing"] or r["text_differing"] or r["error"])
                log("[3.%d compare] %d/%d items, %d with problems, %.0fs"
                    % (minor, len(results), len(items), bad, time.time() - started))
    return sorted(results, key=lambda r: (r["source"], r["path"]))


# --------------------------------------------------------------------------
# Summaries and the report
# --------------------------------------------------------------------------


def summarize(minor: int, python: str, entries: List[Entry], results: List[Result], path_kind: str) -> Dict[str, Any]:
    chosen = [r for r in results if r["path"] == path_kind]
    return {
        "version": "3.%d" % minor,
        "path": path_kind,
        "python": python,
        "files": len(entries) if path_kind == "pyc" else len(chosen),
        "skipped": sum(1 for e in entries if e["status"] != "ok") if path_kind == "pyc" else 0,
        "hash_based": sum(1 for r in chosen if (r.get("header") or "").startswith("hash")),
        "compared": len(chosen),
        "code_objects": sum(r["code_objects"] for r in chosen),
        "equal": sum(r["equal"] for r in chosen),
        "differing": sum(r["differing"] for r in chosen),
        "text_equal": sum(r.get("text_equal", 0) for r in chosen),
        "text_differing": sum(r.get("text_differing", 0) for r in chosen),
        "errors": sum(1 for r in chosen if r["error"]),
        "crashes": sum(1 for r in chosen if r.get("crash")),
        "problems": [r for r in chosen if r["differing"] or r.get("text_differing") or r["error"]],
    }


def ok(summary: Dict[str, Any]) -> bool:
    return summary["differing"] == 0 and summary["text_differing"] == 0 and summary["errors"] == 0


def problem_lines(summary: Dict[str, Any], limit: int) -> List[str]:
    lines = []
    for result in summary["problems"][:limit]:
        where = "%s [%s, %s]" % (result["source"], result["path"], result["header"])
        if result["error"]:
            lines.append("%s: %s" % (where, result["error"]))
        for diff in result["diffs"][:2]:
            lines.append("%s: %s" % (where, diff))
    return lines


def print_summary(summary: Dict[str, Any], limit: int) -> None:
    print("%s %-7s files %5d  skipped %3d  code objects %6d  equal %6d  differing %5d  text equal %6d  "
          "text differing %5d  errors %4d  crashes %d  %s" % (
        summary["version"], summary["path"], summary["files"], summary["skipped"], summary["code_objects"],
        summary["equal"], summary["differing"], summary["text_equal"], summary["text_differing"],
        summary["errors"], summary["crashes"],
        "OK" if ok(summary) else "FAIL"))
    for line in problem_lines(summary, limit):
        print("    " + line[:1500])
    sys.stdout.flush()


def git_commit() -> str:
    # Files rewritten with the same bytes (make_examples.py does that) only look dirty until the index is refreshed.
    subprocess.run(["git", "update-index", "-q", "--refresh"], cwd=REPO, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    proc = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, universal_newlines=True)
    return proc.stdout.strip() or "unknown"


def report_markdown(summaries: List[Dict[str, Any]], command: str, seconds: float, limit: int) -> str:
    lines = [
        "# Disassembler oracle: depyf agrees with `dis`",
        "",
        "Every `.py` file of each reference interpreter's standard library (Lib/test included,",
        "site-packages excluded) is compiled by that interpreter; depyf disassembles the `.pyc`",
        "and every code object's instructions (offset, opname, arg), exception table and line",
        "starts must equal what that interpreter's `dis` says (see tools/dis_reference.py).",
        "The `marshal` rows feed the same code objects' marshal payload to `disassemble_marshal`",
        "(every --marshal-every'th compiled file). Every 7th `.pyc` is hash-based (checked and",
        "unchecked alternate), the rest timestamp-based. `files` counts source files, including",
        "those that do not compile under that version (Lib/test has deliberately broken ones).",
        "The `text` columns compare `depyf dis` (the human listing) with what `dis.dis` prints,",
        "code object by code object, character for character (code object addresses read 0x0; a",
        "frozenset constant may list its elements in another order: dis prints the hash order of",
        "the process it runs in, depyf the order the .pyc stores).",
        "",
        "Command (from the repository root, commit %s, %s, %.0f s):" % (
            git_commit(), datetime.date.today().isoformat(), seconds),
        "",
        "```",
        command,
        "```",
        "",
        "The reference listings are cached under build/dis_sweep/ (a first run also generates",
        "them under each interpreter: about 10 more minutes on 2 cores for all eight versions).",
        "",
        "| version | front end | files | skipped (do not compile) | hash-based pycs | code objects | equal | differing"
        " | text equal | text differing | errors | crashes |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in summaries:
        hash_based = str(s["hash_based"]) if s["path"] == "pyc" else "-"
        lines.append("| %s | %s | %d | %d | %s | %d | %d | %d | %d | %d | %d | %d |" % (
            s["version"], s["path"], s["files"], s["skipped"], hash_based, s["code_objects"], s["equal"],
            s["differing"], s["text_equal"], s["text_differing"], s["errors"], s["crashes"]))
    total = [s for s in summaries if s["path"] == "pyc"]
    lines += ["", "Total (.pyc path): %d files, %d code objects, %d equal, %d differing, %d text equal, "
              "%d text differing, %d errors." % (
        sum(s["files"] for s in total), sum(s["code_objects"] for s in total), sum(s["equal"] for s in total),
        sum(s["differing"] for s in total), sum(s["text_equal"] for s in total),
        sum(s["text_differing"] for s in total), sum(s["errors"] for s in total))]
    bad = [s for s in summaries if not ok(s)]
    if bad:
        lines += ["", "## First differences", ""]
        for s in bad:
            lines += ["### %s (%s)" % (s["version"], s["path"]), ""]
            lines += ["- `%s`" % line.replace("`", "'")[:800] for line in problem_lines(s, limit)]
            lines.append("")
    else:
        lines += ["", "No differences."]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def parse_versions(text: str) -> List[int]:
    if not text:
        return list(SUPPORTED_MINORS)
    return [int(v.strip().split(".")[-1]) for v in text.split(",") if v.strip()]


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--versions", default="", help="comma-separated, e.g. 3.8,3.13 (default: all found)")
    parser.add_argument("--every", type=int, default=1, help="take every Nth source file")
    parser.add_argument("--offset", type=int, default=0, help="with --every: which residue to take")
    parser.add_argument("--limit", type=int, default=0, help="at most this many source files per version")
    parser.add_argument("--hash-every", type=int, default=7, help="every Nth pyc is hash-based")
    parser.add_argument("--marshal-every", type=int, default=5,
                        help="also check disassemble_marshal on every Nth file (0: never)")
    parser.add_argument("--cache", default=os.path.join(REPO, "build", "dis_sweep"), help="reference cache root")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel worker processes")
    parser.add_argument("--chunk", type=int, default=25, help="files per worker process")
    parser.add_argument("--backend", choices=("depyf", "reference"), default="depyf")
    parser.add_argument("--max-diffs", type=int, default=5, help="problems shown per version")
    parser.add_argument("--report", help="write a markdown report here (e.g. docs/dis_sweep.md)")
    parser.add_argument("--json-summary", help="write the summaries as JSON here")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.every < 1:
        parser.error("--every must be at least 1")
    return args


def prepare_version(minor: int, python: str, args: argparse.Namespace) -> Tuple[str, List[Entry]]:
    lib = stdlib_dir(python)
    sources = select(stdlib_sources_seen_by(python, lib), args.every, args.offset, args.limit)
    cache = os.path.join(args.cache, "3.%d-%s" % (minor, selection_name(args)))
    log("[3.%d] %d source files from %s" % (minor, len(sources), lib))
    return cache, ensure_reference(python, lib, sources, cache, args.hash_every)


def check_backend(args: argparse.Namespace) -> None:
    """Fail early when depyf._core cannot be imported (checked in a child: the driver never loads it)."""
    if args.backend != "depyf":
        return
    probe = "from depyf import _core; print(_core.__file__)"
    proc = subprocess.run([sys.executable, "-c", probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, cwd=TOOLS)
    if proc.returncode != 0:
        raise SystemExit("depyf._core is not importable (%s); build it with `pip install --no-build-isolation .` "
                         "or use --backend reference" % proc.stderr.strip().splitlines()[-1:])
    log("depyf._core: %s" % proc.stdout.strip())


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return run_worker()
    check_backend(args)
    started = time.time()
    pythons = {m: p for m, p in all_pythons(required=False).items() if m in parse_versions(args.versions)}
    if not pythons:
        raise SystemExit("no reference interpreter found for the requested versions")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        prepared = {m: pool.submit(prepare_version, m, p, args) for m, p in sorted(pythons.items())}
        references = {m: f.result() for m, f in prepared.items()}
    summaries: List[Dict[str, Any]] = []
    for minor, python in sorted(pythons.items()):
        cache, entries = references[minor]
        results = compare_version(minor, python, entries, cache, args)
        for path_kind in ("pyc", "marshal"):
            summary = summarize(minor, python, entries, results, path_kind)
            if path_kind == "pyc" or summary["compared"]:
                summaries.append(summary)
                print_summary(summary, args.max_diffs)
    seconds = time.time() - started
    command = "python3 tools/dis_sweep.py " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write(report_markdown(summaries, command.strip(), seconds, args.max_diffs))
        log("report written to %s" % args.report)
    if args.json_summary:
        with open(args.json_summary, "w", encoding="utf-8") as handle:
            json.dump(summaries, handle, indent=1)
    log("done in %.0fs" % seconds)
    return 0 if all(ok(s) for s in summaries) else 1


if __name__ == "__main__":
    sys.exit(main())
