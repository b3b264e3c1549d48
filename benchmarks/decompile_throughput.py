"""Decompiler throughput, side by side with the original pure-Python depyf.

    python3 benchmarks/decompile_throughput.py --original-python /path/to/venv/bin/python

Both decompile the same function code objects (top-level functions and
methods of every Nth file of the running interpreter's standard library,
tests excluded), in one run, each in its own process under the same
interpreter (whole passes repeated for at least --min-seconds); prints functions per second for each and the ratio. Make the
venv with `python3 -m venv V && V/bin/pip install depyf` (the original,
from PyPI); this checkout's depyf must be installed in the running Python.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

TOOLS = pathlib.Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
from pythons import depyf_import_dir, stdlib_sources  # noqa: E402

# Runs in the measured process: collect the units, time decompile() over all.
MEASURE = r"""
import ast, json, sys, time, types
files = json.loads(sys.argv[1])
import depyf


# Fresh code objects for every pass: the original caches decompile() per
# code object (an lru_cache on the method, hashed by id(code)), so passes
# over the same objects would time its cache, not its decompiler.
def fresh_units():
    units = []
    for path in files:
        try:
            source = open(path, "rb").read()
            module = compile(source, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue
        for const in module.co_consts:
            if isinstance(const, types.CodeType):
                units.append(const)
                units.extend(c for c in const.co_consts if isinstance(c, types.CodeType) and c.co_name != "<lambda>")
    return [u for u in units if not u.co_name.startswith("<")]


import signal
class TooSlow(Exception):
    pass
def too_slow(signum, frame):
    raise TooSlow()
signal.signal(signal.SIGALRM, too_slow)


def one_pass(units):
    ok = failed = slow = 0
    for code in units:
        signal.alarm(LIMIT)
        try:
            depyf.decompile(code)
            ok += 1
        except TooSlow:
            slow += 1
        except Exception:
            failed += 1
        finally:
            signal.alarm(0)
    return ok, failed, slow


# Untimed passes first: the original is pure Python, which 3.11+
# specialise only once it has run.
for _ in range(WARMUP):
    one_pass(fresh_units())
ok = failed = slow = passes = 0
seconds = 0.0
# Whole passes until MIN_SECONDS of decompiling have gone by (at least one):
# a pass that takes milliseconds is mostly timer noise.
while passes == 0 or seconds < MIN_SECONDS:
    units = fresh_units()
    passes += 1
    started = time.perf_counter()
    counts = one_pass(units)
    seconds += time.perf_counter() - started
    ok, failed, slow = ok + counts[0], failed + counts[1], slow + counts[2]
print(json.dumps({"units": len(units), "passes": passes, "ok": ok, "failed": failed, "slow": slow, "seconds": seconds,
                  "depyf": getattr(depyf, "__file__", "?")}))
"""


def measure(python: str, files: list, env: dict, limit: int, min_seconds: float, warmup: int) -> dict:
    script = MEASURE.replace("MIN_SECONDS", repr(min_seconds)).replace("LIMIT", str(limit))
    script = script.replace("WARMUP", str(warmup))
    result = subprocess.run(
        [python, "-c", script, json.dumps(files)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
        timeout=3600,
    )
    if result.returncode != 0:
        raise SystemExit("measurement under %s failed:\n%s" % (python, result.stderr[-2000:]))
    return json.loads(result.stdout.strip().splitlines()[-1])


def rate(result: dict) -> float:
    return result["units"] * result["passes"] / result["seconds"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--original-python", required=True, help="python of a venv with the original depyf")
    parser.add_argument("--every", type=int, default=40, help="take every Nth stdlib file")
    parser.add_argument("--limit", type=int, default=5, help="seconds one function may take (counted in full when hit)")
    parser.add_argument(
        "--min-seconds",
        type=float,
        default=2.0,
        help="repeat whole passes over the functions until this much time has gone by",
    )
    parser.add_argument(
        "--warmup-passes", type=int, default=1, help="untimed passes before timing (0: time the cold first pass too)"
    )
    args = parser.parse_args()
    files = stdlib_sources(sys.executable, include_tests=False)[:: args.every]
    our_env = dict(os.environ, PYTHONPATH=depyf_import_dir())
    ours = measure(sys.executable, files, our_env, args.limit, args.min_seconds, args.warmup_passes)
    original_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    original = measure(args.original_python, files, original_env, args.limit, args.min_seconds, args.warmup_passes)
    print(
        "Python %d.%d, %d files, %d function code objects (fresh ones each pass), %d warm-up pass(es)"
        % (sys.version_info[0], sys.version_info[1], len(files), ours["units"], args.warmup_passes)
    )
    for label, r in (("depyf (this, C++ core)", ours), ("original depyf (PyPI)", original)):
        print(
            "  %-24s %8.1f functions/s   (%d decompiled, %d raised, %d over %d s per pass; %d passes, %.2f s in all)"
            % (
                label,
                rate(r),
                r["ok"] // r["passes"],
                r["failed"] // r["passes"],
                r["slow"] // r["passes"],
                args.limit,
                r["passes"],
                r["seconds"],
            )
        )
    print("  ratio: %.1fx" % (rate(ours) / rate(original)))
    # What was timed is the installed package, not the checkout: say which.
    print("  this depyf was imported from %s" % os.path.dirname(os.path.realpath(ours["depyf"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
