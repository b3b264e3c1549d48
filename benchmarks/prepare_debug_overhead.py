"""Overhead of depyf.prepare_debug on torch.compile of a small transformer
(compile + 4 forward/backward steps, with a graph break and recompiles on new
lengths), side by side with the original depyf from PyPI.

    python benchmarks/prepare_debug_overhead.py \\
        --ours-python /path/to/python-with-this-depyf-and-torch \\
        --original-python /path/to/venv-with-pip-install-depyf-and-torch/bin/python \\
        [--backend eager|aot_eager|inductor] [--repeats 3]

Each measurement is a fresh process (compile caches are per process, and
prepare_debug turns the AOTAutograd/Inductor caches off inside the block for
complete dumps; the baseline runs are made with the same caches off via
TORCHINDUCTOR_FX_GRAPH_CACHE=0 TORCHINDUCTOR_AUTOGRAD_CACHE=0). Reports the
median wall and CPU seconds (CPU time suffers less from a busy
machine) and the ratios to the baseline run in the same environment.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

DRIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prepare_debug_driver.py")


def one_run(python: str, mode: str, backend: str) -> dict:
    with tempfile.TemporaryDirectory() as work:
        env = dict(
            os.environ,
            TORCHINDUCTOR_FX_GRAPH_CACHE="0",
            TORCHINDUCTOR_AUTOGRAD_CACHE="0",
            TORCHINDUCTOR_CACHE_DIR=os.path.join(work, "inductor-cache"),
        )
        result = subprocess.run(
            [python, DRIVER, mode, backend, os.path.join(work, "dump")],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if result.returncode != 0:
            return {"error": (result.stderr.strip().splitlines() or ["exit %d" % result.returncode])[-1]}
        return json.loads(result.stdout.strip().splitlines()[-1])


def summarise(runs: list) -> dict:
    errors = [run["error"] for run in runs if "error" in run]
    if errors:
        return {"error": errors[0]}
    return {
        "seconds": statistics.median(run["seconds"] for run in runs),
        "cpu_seconds": statistics.median(run["cpu_seconds"] for run in runs),
        "files": runs[0]["files"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ours-python", default=sys.executable)
    parser.add_argument("--original-python", required=True)
    parser.add_argument("--backend", default="aot_eager")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    # Interleaved, so that load from elsewhere on the machine spreads over
    # every configuration instead of skewing one.
    environments = (("this depyf", args.ours_python), ("original depyf", args.original_python))
    configurations = [(label, python, mode) for label, python in environments for mode in ("none", "depyf")]
    runs: dict = {configuration: [] for configuration in configurations}
    for repeat in range(args.repeats):
        for configuration in configurations:
            label, python, mode = configuration
            result = one_run(python, mode, args.backend)
            print("run %d, %s, %s: %s" % (repeat + 1, label, mode, result), file=sys.stderr)
            runs[configuration].append(result)
    rows = [
        (label, summarise(runs[(label, python, "none")]), summarise(runs[(label, python, "depyf")]))
        for label, python in environments
    ]
    print(
        "| backend %s, median of %d fresh processes | without depyf (wall / CPU) | with prepare_debug (wall / CPU) "
        "| ratio wall | ratio CPU | files dumped |" % (args.backend, args.repeats)
    )
    print("|---|---|---|---|---|---|")
    for label, base, dumped in rows:
        if "error" in base or "error" in dumped:
            print("| %s | %s | %s | failed | failed | |" % (label, base.get("error", ""), dumped.get("error", "")))
            continue
        print(
            "| %s | %.2f s / %.2f s | %.2f s / %.2f s | %.2f× | %.2f× | %d |"
            % (
                label,
                base["seconds"],
                base["cpu_seconds"],
                dumped["seconds"],
                dumped["cpu_seconds"],
                dumped["seconds"] / base["seconds"],
                dumped["cpu_seconds"] / base["cpu_seconds"],
                dumped["files"],
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
