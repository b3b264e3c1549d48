"""Decompiler throughput of two builds side by side: did a change make it slower?

    python3 benchmarks/compare_builds.py --before /path/to/old/checkout --after .

Each checkout (a folder holding the `depyf` package with its compiled extension) is timed in a
process of its own, alternately, --rounds times: decompiling every code object (modules, functions,
classes, nested code) of every --every'th file of the running interpreter's standard library,
best of three passes per process. Prints units per second for each and the ratio after/before;
on a busy machine run more rounds and read the medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

MEASURE = r"""
import glob, os, sys, time, types, warnings
warnings.simplefilter("ignore")
import depyf
every = int(sys.argv[1])
units = []
for path in sorted(glob.glob(os.path.join(os.path.dirname(os.__file__), "*.py")))[::every]:
    try:
        code = compile(open(path, encoding="utf-8").read(), path, "exec")
    except (SyntaxError, ValueError, UnicodeDecodeError):
        continue
    stack = [code]
    while stack:
        unit = stack.pop()
        units.append(unit)
        stack += [c for c in unit.co_consts if isinstance(c, types.CodeType)]
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    for unit in units:
        try:
            depyf.decompile(unit)
        except Exception:
            pass
    best = min(best, time.perf_counter() - start)
print(len(units), best)
"""


def measure(checkout: str, every: int) -> tuple[int, float]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(checkout))
    out = subprocess.run([sys.executable, "-c", MEASURE, str(every)], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("measuring %s failed:\n%s" % (checkout, out.stderr[-2000:]))
    units, seconds = out.stdout.split()
    return int(units), float(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="checkout with the old build")
    parser.add_argument("--after", default=".", help="checkout with the new build (default: this one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--every", type=int, default=2, help="every Nth standard-library file")
    args = parser.parse_args()
    rates: dict[str, list[float]] = {"before": [], "after": []}
    for round_ in range(args.rounds):
        for label in ("before", "after"):
            units, seconds = measure(getattr(args, label), args.every)
            rates[label].append(units / seconds)
            print(
                "round %d %-6s %d units in %.3f s: %.0f units/s" % (round_ + 1, label, units, seconds, units / seconds)
            )
    before, after = statistics.median(rates["before"]), statistics.median(rates["after"])
    print("median units/s: before %.0f, after %.0f, after/before %.3f" % (before, after, after / before))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
