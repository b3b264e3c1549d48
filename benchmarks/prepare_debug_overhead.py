"""Overhead of depyf.prepare_debug on the first training step (compile, forward,
backward) of a model, beside the original depyf from PyPI, with PyTorch's
compile caches cold (an empty TORCHINDUCTOR_CACHE_DIR) and warm (a copy of one
filled by a run without depyf).

    python benchmarks/prepare_debug_overhead.py \\
        --original-python /tmp/orig-venv/bin/python \\
        [--model gpt2|tiny] [--backends aot_eager,inductor] [--caches cold,warm] [--repeats 3] \\
        [--checkout before=/work/main ...] [--threads 1] [--json FILE]

Every measurement is a fresh process running prepare_debug_driver.py: "none"
(torch.compile alone), "this depyf" (this checkout, by PYTHONPATH) and
"original depyf" (--original-python, a venv with `pip install depyf==0.20.0`
and the same torch). Runs are interleaved (each repeat starting with another tool,
after one discarded run of each) so that load from elsewhere on the machine
spreads over all of them. Reports medians of the timed part's wall
time and of the main process's CPU time (where depyf's work happens; Inductor's
compile workers are other processes), and their ratios to "none" under the
same cache state, with the compile-cache hits each run saw. For this depyf it
also reports its own seconds inside the timed part (depyf.explain.own_time:
its hooks, their setup and the full_code written at the end) as a share of
"none"'s wall time: a steadier measure than the wall ratio, whose run-to-run
noise on a shared machine is larger than the overhead itself.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "prepare_debug_driver.py")
CHECKOUT = os.path.dirname(HERE)


def environment(cache: str, threads: int) -> dict:
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=cache)
    if threads > 0:
        # Fewer threads spinning against other load on a shared machine: steadier timings.
        env["OMP_NUM_THREADS"] = env["MKL_NUM_THREADS"] = str(threads)
    return env


def one_run(
    python: str, mode: str, backend: str, model: str, cache_seed: str | None, checkout: str | None, threads: int
) -> dict:
    with tempfile.TemporaryDirectory(prefix="depyf-overhead-") as work:
        cache = os.path.join(work, "inductor-cache")
        if cache_seed is not None:
            shutil.copytree(cache_seed, cache, symlinks=True)
        env = environment(cache, threads)
        for name in (
            "TORCHINDUCTOR_FORCE_DISABLE_CACHES",
            "TORCHINDUCTOR_FX_GRAPH_CACHE",
            "TORCHINDUCTOR_AUTOGRAD_CACHE",
        ):
            env.pop(name, None)
        env.pop("PYTHONPATH", None)
        load = os.getloadavg()[0]
        if checkout:
            env["PYTHONPATH"] = checkout
        result = subprocess.run(
            [python, DRIVER, mode, backend, os.path.join(work, "dump"), model],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if result.returncode != 0:
            return {"error": (result.stderr.strip().splitlines() or ["exit %d" % result.returncode])[-1]}
        measured = json.loads(result.stdout.strip().splitlines()[-1])
        measured["load"] = (load + os.getloadavg()[0]) / 2  # 1-minute load average, start and end
        return measured


def seed_cache(python: str, backend: str, model: str, directory: str, threads: int) -> None:
    """Fills a compile cache with a run without depyf; warm runs start from copies of it."""
    env = environment(directory, threads)
    env.pop("PYTHONPATH", None)
    subprocess.run(
        [python, DRIVER, "none", backend, os.path.join(directory, "unused-dump"), model],
        env=env,
        check=True,
        capture_output=True,
        timeout=3600,
    )


def summarise(runs: list) -> dict:
    errors = [run["error"] for run in runs if "error" in run]
    if errors:
        return {"error": errors[0]}
    summary = {key: statistics.median(run[key] for run in runs) for key in ("seconds", "cpu_seconds")}
    owns = [run["own_seconds"] for run in runs if "own_seconds" in run]
    summary["own_seconds"] = statistics.median(owns) if owns else None
    summary["files"] = runs[0]["files"]
    summary["aot_hit"] = runs[0].get("aot_hit", 0)
    summary["fx_hit"] = runs[0].get("fx_hit", 0)
    summary["wall_range"] = (min(run["seconds"] for run in runs), max(run["seconds"] for run in runs))
    summary["load"] = statistics.median(run["load"] for run in runs)
    summary["runs"] = runs
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ours-python", default=sys.executable)
    parser.add_argument("--original-python", required=True)
    parser.add_argument("--model", default="gpt2", choices=("gpt2", "tiny"))
    parser.add_argument("--backends", default="aot_eager,inductor")
    parser.add_argument("--caches", default="cold,warm")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--checkout",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="also time the depyf of another checkout (e.g. before=/work/main); may be repeated",
    )
    parser.add_argument("--threads", type=int, default=1, help="OMP_NUM_THREADS of every run (0: leave as is)")
    parser.add_argument("--json", help="also write every run's numbers here")
    args = parser.parse_args()
    tools = [
        ("none", args.ours_python, "none", None),
        ("this depyf", args.ours_python, "depyf", CHECKOUT),
        ("original depyf", args.original_python, "depyf", None),
    ]
    for extra in args.checkout:
        label, _, path = extra.partition("=")
        tools.append((label, args.ours_python, "depyf", os.path.abspath(path)))
    backends = args.backends.split(",")
    caches = args.caches.split(",")
    seeds = {}
    with tempfile.TemporaryDirectory(prefix="depyf-overhead-seeds-") as seed_root:
        if "warm" in caches:
            for backend in backends:
                seeds[backend] = os.path.join(seed_root, backend)
                print("filling the warm cache for %s" % backend, file=sys.stderr)
                seed_cache(args.ours_python, backend, args.model, seeds[backend], args.threads)
        # One discarded run per tool first: the first process to import torch's
        # compiler modules (inside the timed part) reads them from disk.
        for label, python, mode, checkout in tools:
            one_run(python, mode, backends[0], args.model, seeds.get(backends[0]), checkout, args.threads)
        runs: dict = {}
        for repeat in range(args.repeats):
            # Each repeat starts with another tool, so that no tool always runs first.
            order = tools[repeat % len(tools) :] + tools[: repeat % len(tools)]
            for backend in backends:
                for cache in caches:
                    for label, python, mode, checkout in order:
                        seed = seeds[backend] if cache == "warm" else None
                        result = one_run(python, mode, backend, args.model, seed, checkout, args.threads)
                        print("run %d, %s, %s, %s: %s" % (repeat + 1, backend, cache, label, result), file=sys.stderr)
                        runs.setdefault((backend, cache, label), []).append(result)
    table = {key: summarise(value) for key, value in runs.items()}
    print(
        "| %s, first step, median of %d fresh processes | wall s (min-max) | ratio | main-process CPU s | ratio "
        "| depyf's own s | own / none's wall | files | AOT/FX cache hits | load |" % (args.model, args.repeats)
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for backend in backends:
        for cache in caches:
            base = table[(backend, cache, "none")]
            for label, _python, _mode, _checkout in tools:
                row = table[(backend, cache, label)]
                name = "%s, %s cache, %s" % (backend, cache, label)
                if "error" in row or "error" in base:
                    print("| %s | failed: %s | | | | | | | | |" % (name, row.get("error", base.get("error"))))
                    continue
                own = row["own_seconds"]
                print(
                    "| %s | %.2f (%.2f-%.2f) | %.3f | %.2f | %.3f | %s | %s | %d | %d/%d | %.1f |"
                    % (
                        name,
                        row["seconds"],
                        row["wall_range"][0],
                        row["wall_range"][1],
                        row["seconds"] / base["seconds"],
                        row["cpu_seconds"],
                        row["cpu_seconds"] / base["cpu_seconds"],
                        "" if own is None else "%.2f" % own,
                        "" if own is None else "%.1f%%" % (100 * own / base["seconds"]),
                        row["files"],
                        row["aot_hit"],
                        row["fx_hit"],
                        row["load"],
                    )
                )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"|".join(key): value for key, value in table.items()}, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
