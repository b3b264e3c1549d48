"""Build time and size of `depyf report` for a dump of a hundred graphs.

    python benchmarks/report_build.py [--functions 25] [--versions 4] [--backend aot_eager] [--repeats 3] [--keep DIR]

Makes the dump first (not timed): `--functions` small functions, each with a
graph break (a graph before it, resume functions after it), compiled under
prepare_debug and called with `--versions` different int arguments. Dynamo
compiles each function twice (the second int value makes the argument
dynamic); with the defaults that is a hundred captured graphs in all, each
with its AOTAutograd stages, guards and resume functions (the count is
printed). Then writes the report `--repeats` times and prints the median wall
time, the number of pages, and the report's size beside the dump's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from typing import Callable, List

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def _make_function(number: int) -> Callable:
    import torch

    # Each function its own code object, named apart, as a real model's many methods are.
    source = (
        "def layer_%d(x, scale):\n"
        "    y = torch.relu(x * scale + %d)\n"
        "    if y.sum() > 0:\n"
        "        y = y.tanh()\n"
        "    return y - scale\n" % (number, number)
    )
    namespace = {"torch": torch}
    exec(compile(source, "<layer_%d>" % number, "exec"), namespace)
    return namespace["layer_%d" % number]


def make_dump(directory: str, functions: int, versions: int, backend: str) -> int:
    import torch

    import depyf

    torch._dynamo.config.cache_size_limit = max(versions + 2, 8)
    compiled = [torch.compile(_make_function(n), backend=backend) for n in range(functions)]
    x = torch.randn(16)
    with depyf.prepare_debug(directory):
        for scale in range(1, versions + 1):
            for fn in compiled:
                fn(x, scale)
    return sum(1 for name in os.listdir(directory) if name.startswith("__compiled_fn_") and ".Captured_Graph." in name)


def _size(path: str) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(root, name)) for name in files)
    return total


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--functions", type=int, default=25)
    parser.add_argument("--versions", type=int, default=4)
    parser.add_argument("--backend", default="aot_eager")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--keep", help="make the dump in this directory and keep it")
    args = parser.parse_args(argv)

    from depyf.report import write_report

    directory = args.keep or tempfile.mkdtemp(prefix="depyf-report-bench-")
    print("making the dump in %s (%d functions x %d versions) ..." % (directory, args.functions, args.versions))
    started = time.perf_counter()
    graphs = make_dump(directory, args.functions, args.versions, args.backend)
    print("  %d captured graphs, %.0f s" % (graphs, time.perf_counter() - started))
    times = []
    for repeat in range(args.repeats):
        started = time.perf_counter()
        index = write_report(directory)
        times.append(time.perf_counter() - started)
        print("  report %d: %.2f s" % (repeat + 1, times[-1]))
    report_folder = os.path.join(directory, "depyf_report")
    pages = sum(1 for name in os.listdir(report_folder) if name.endswith(".html")) + 1
    report_size = _size(report_folder) + os.path.getsize(index)
    dump_size = _size(directory) - report_size
    print(
        "report of %d graphs: median %.2f s to write, %d pages, %.1f MB (the dump itself: %.1f MB); open %s"
        % (graphs, statistics.median(times), pages, report_size / 1e6, dump_size / 1e6, index)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
