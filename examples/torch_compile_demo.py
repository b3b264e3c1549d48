"""depyf's main example: run a small model under torch.compile inside
depyf.prepare_debug, then show what was dumped.

    python examples/torch_compile_demo.py [DUMP_DIR] [--backend eager|aot_eager|inductor]
"""

from __future__ import annotations

import argparse
import collections
import glob
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


def summarise(directory: str) -> None:
    kinds = collections.Counter()
    for path in glob.glob(os.path.join(directory, "*.py")):
        name = os.path.basename(path)
        if name.startswith("full_code_for_"):
            kinds["full_code (overview per compiled function)"] += 1
        elif name.startswith("__transformed_code_"):
            kinds["__transformed_code (Dynamo's bytecode as source; this code runs)"] += 1
        elif ".kernel_" in name:
            kinds["Inductor output code"] += 1
        else:
            kinds["graphs (%s)" % name.split(".")[1]] += 1
    print("\ndepyf dumped into %s:" % directory)
    for kind, count in sorted(kinds.items()):
        print("  %3d  %s" % (count, kind))
    overview = sorted(glob.glob(os.path.join(directory, "full_code_for_forward_*.py")))
    if overview:
        with open(overview[0], encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        print("\nFrom %s (original code, why it was compiled, graph breaks):" % os.path.basename(overview[0]))
        for line in lines:
            if line.startswith("# Names the guards use") or line.startswith("def __guard_"):
                break
            print("    " + line)
        print("    ... (then the guards as code, the transformed code and the resume functions)")
    transformed = sorted(glob.glob(os.path.join(directory, "__transformed_code_0_for_forward.py")))
    if transformed:
        with open(transformed[0], encoding="utf-8") as handle:
            print("\n%s (the code that runs):" % os.path.basename(transformed[0]))
            for line in handle.read().splitlines()[:25]:
                print("    " + line)
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
    with depyf.prepare_debug(args.dump_dir):
        for x in batches:
            assert torch.allclose(compiled(x), model(x), atol=1e-5), "compiled result differs"
    print("torch %s, backend %s: compiled results equal eager ones." % (torch.__version__, args.backend))
    summarise(args.dump_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
