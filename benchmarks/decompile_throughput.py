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
units = [u for u in units if not u.co_name.startswith("<")]
import signal
class TooSlow(Exception):
    pass
def too_slow(signum, frame):
    raise TooSlow()
signal.signal(signal.SIGALRM, too_slow)
ok = failed = slow = passes = 0
started = time.perf_counter()
# Whole passes over the units until MIN_SECONDS have gone by (at least one):
# a pass that takes milliseconds is mostly timer noise and cold caches.
while passes == 0 or time.perf_counter() - started < MIN_SECONDS:
    passes += 1
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
seconds = time.perf_counter() - started
print(json.dumps({"units": len(units), "passes": passes, "ok": ok, "failed": failed, "slow": slow, "seconds": seconds,
                  "depyf": getattr(depyf, "__file__", "?")}))
"""


def measure(python: str, files: list, env: dict, limit: int, min_seconds: float) -> dict:
    script = MEASURE.replace("MIN_SECONDS", repr(min_seconds)).replace("LIMIT", str(limit))
    result = subprocess.run(
        [python, "-c", script, json.dumps(files)], capture_output=True, text=True, env=env,
        cwd=tempfile.gettempdir(), timeout=3600,
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
    parser.add_argument("--min-seconds", type=float, default=2.0,
                        help="repeat whole passes over the functions until this much time has gone by")
    args = parser.parse_args()
    files = stdlib_sources(sys.executable, include_tests=False)[:: args.every]
    ours = measure(sys.executable, files, dict(os.environ, PYTHONPATH=depyf_import_dir()), args.limit, args.min_seconds)
    original_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    original = measure(args.original_python, files, original_env, args.limit, args.min_seconds)
    print("Python %d.%d, %d files, %d function code objects" % (sys.version_info[0], sys.version_info[1], len(files),
                                                                  ours["units"]))
    for label, r in (("depyf (this, C++ core)", ours), ("original depyf (PyPI)", original)):
        print("  %-24s %8.1f functions/s   (%d decompiled, %d raised, %d over %d s per pass; %d passes, %.2f s in all)" % (
            label, rate(r), r["ok"] // r["passes"], r["failed"] // r["passes"], r["slow"] // r["passes"], args.limit,
            r["passes"], r["seconds"]))
    print("  ratio: %.1fx" % (rate(ours) / rate(original)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
