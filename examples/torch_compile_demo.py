"""depyf's main example: run a small model under torch.compile inside
depyf.prepare_debug, then show what this run dumped (from the run's
manifest: files of earlier runs in the same directory are not counted).

    python examples/torch_compile_demo.py [DUMP_DIR] [--backend eager|aot_eager|inductor]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys

import torch

import depyf


class TinyAttention(torch.nn.Module):
    def __init__(self, width: int = 16) -> None:
        super().__init__()
        self.qkv = torch.nn.Linear(width, 3 * width)
        self.out = torch.nn.Linear(width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        weights = (q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5).softmax(dim=-1)
        y = self.out(weights @ v)
        if y.abs().max() > 10:  # data-dependent branch: a graph break and resume functions
            y = y / 10
        return x + y


def kind_of(name: str) -> str:
    if name.startswith("full_code_for_"):
        return "full_code (overview per compiled function)"
    if name.startswith("__transformed_code_"):
        return "__transformed_code (Dynamo's bytecode as source; this code runs)"
    if ".kernel_" in name:
        return "Inductor output code"
    if name.startswith("graph_breaks_without_compiled_code_"):
        return "graph breaks of frames Dynamo left uncompiled"
    if name.startswith("__compiled_fn_"):
        return "graphs (%s)" % name.split(".")[1]
    return "other (%s)" % name


def quote(path: str, title: str, stop=lambda line: False, limit: int = 25) -> None:
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    print("\n%s %s:" % (os.path.basename(path), title))
    for line in lines[:limit]:
        if stop(line):
            break
        print("    " + line)


def summarise(manifest_path: str) -> None:
    """What this run dumped, from its manifest: files of earlier runs in the
    same directory are neither counted nor quoted."""
    with open(manifest_path, encoding="utf-8") as handle:
        manifest = json.load(handle)
    directory = manifest["directory"]
    names = [entry["name"] for entry in manifest["files"]]
    reused = sum(entry["status"] == "reused" for entry in manifest["files"])
    earlier = [
        name for name in os.listdir(directory) if name not in names and os.path.isfile(os.path.join(directory, name))
    ]
    print("\ndepyf dumped %d file(s) into %s in this run" % (len(names), directory), end="")
    if reused:
        print(" (%d of them already there, identical, from an earlier run)" % reused, end="")
    print(":")
    for kind, count in sorted(collections.Counter(kind_of(name) for name in names).items()):
        print("  %3d  %s" % (count, kind))
    if earlier:
        print("  (%d other file(s) in the directory are from earlier runs: not counted here)" % len(earlier))
    print("The list is in %s." % manifest_path)

    def first(prefix: str, suffix: str) -> str | None:
        return next((name for name in names if name.startswith(prefix) and name.endswith(suffix)), None)

    overview = first("full_code_for_forward_", ".py")
    if overview:
        quote(
            os.path.join(directory, overview),
            "(original code, why it was compiled, graph breaks)",
            stop=lambda line: line.startswith("# Names the guards use") or line.startswith("def __guard_"),
            limit=10_000,
        )
        print("    ... (then the guards as code, the transformed code and the resume functions)")
    transformed = first("__transformed_code_", "_for_forward.py")
    if transformed:
        quote(os.path.join(directory, transformed), "(the code that runs)")
    print("\nOpen the files above, or step through them: see README (depyf.debug()).")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dump_dir", nargs="?", default=os.path.abspath("depyf_demo_dump"))
    parser.add_argument("--backend", default="aot_eager", choices=["eager", "aot_eager", "inductor"])
    args = parser.parse_args()

    torch.manual_seed(0)
    model = TinyAttention()
    compiled = torch.compile(model, backend=args.backend)
    batches = [torch.randn(2, 5, 16) * scale for scale in (1.0, 1.0, 40.0)]
    with depyf.prepare_debug(args.dump_dir) as run:
        for x in batches:
            assert torch.allclose(compiled(x), model(x), atol=1e-5), "compiled result differs"
    print("torch %s, backend %s: compiled results equal eager ones." % (torch.__version__, args.backend))
    summarise(run.manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
