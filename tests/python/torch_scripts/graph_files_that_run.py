"""Which dumped graph files run: compiles small programs under prepare_debug,
runs them again (forward and backward) while recording every frame entered,
and reports, per graph file, whether its code ran and what its header says.

    PYTHONPATH=. python3 tests/python/torch_scripts/graph_files_that_run.py [BACKEND ...] [cuda]

Prints one line per program and backend: the kinds of graph file whose code
ran, how many graph forward functions ran from dumped files and how many from
FX's own generated code (`<eval_with_key>` sources), and whether results and
gradients equal eager's. Exit status 1 if any result differs."""

from __future__ import annotations

import glob
import os
import shutil
import sys
import tempfile
import threading

import torch
import torch.utils.checkpoint

import depyf


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


class Attention(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.qkv = torch.nn.Linear(16, 48)
        self.out = torch.nn.Linear(16, 16)
        self.norm = torch.nn.LayerNorm(16)

    def forward(self, x):
        q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
        q, k, v = (t.view(2, 4, 2, 8).transpose(1, 2) for t in (q, k, v))
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return x + self.out(y.transpose(1, 2).reshape(2, 4, 16))


def with_cond(x):
    return torch.cond(x.sum() > 0, lambda t: t.sin() * 2, lambda t: torch.cos(t) - 1, (x,))


def with_checkpoint(x):
    def inner(t):
        return torch.nn.functional.gelu(t) * torch.sigmoid(t)

    return torch.utils.checkpoint.checkpoint(inner, x, use_reentrant=False).sum()


def mutates_input(x, buffer):
    buffer.add_(1)
    return (x * buffer).relu()


PROGRAMS = {
    "toy_example": (lambda: toy_example, lambda: (torch.randn(10, requires_grad=True), torch.randn(10))),
    "attention": (Attention, lambda: (torch.randn(2, 4, 16, requires_grad=True),)),
    "cond": (lambda: with_cond, lambda: (torch.randn(6, requires_grad=True),)),
    "checkpoint": (lambda: with_checkpoint, lambda: (torch.randn(6, requires_grad=True),)),
    "mutates_input": (lambda: mutates_input, lambda: (torch.randn(5, requires_grad=True), torch.zeros(5))),
}


DEVICE = "cpu"


def _step(fn, args):
    out = fn(*args)
    loss = out.sum() if out.dim() else out
    # Backward in this thread (not autograd's device threads), where the profile sees it.
    with torch.autograd.set_multithreading_enabled(False):
        loss.backward()
    return out.detach(), [a.grad.clone() if a.grad is not None else None for a in args]


def _fresh(args):
    return [a.detach().clone().to(DEVICE).requires_grad_(a.requires_grad) for a in args]


def measure(program: str, backend: str, dynamic: bool = False) -> dict:
    torch._dynamo.reset()
    make, make_args = PROGRAMS[program]
    torch.manual_seed(0)
    fn = make()
    if isinstance(fn, torch.nn.Module):
        fn = fn.to(DEVICE)
    args = make_args()
    expected = _step(fn, _fresh(args))
    compiled = torch.compile(fn, backend=backend, dynamic=dynamic)
    directory = tempfile.mkdtemp(prefix="graphs-%s-%s-" % (program, backend))
    entered: set = set()
    fx_forwards: set = set()  # graph code that ran from FX's own generated source, not a file

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.startswith(directory):
            entered.add((os.path.basename(code.co_filename), code.co_firstlineno))
        elif code.co_name == "forward" and code.co_filename.startswith("<eval_with_key>"):
            fx_forwards.add((code.co_filename, code.co_firstlineno))

    with depyf.prepare_debug(directory):
        first = _step(compiled, _fresh(args))
        sys.setprofile(profile)
        threading.setprofile(profile)
        try:
            second = _step(compiled, _fresh(args))
        finally:
            sys.setprofile(None)
            threading.setprofile(None)
    graphs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(directory, "__compiled_fn*.py")))
    same = all(
        torch.allclose(a, b) if a is not None and b is not None else a is b
        for got in (first, second)
        for a, b in zip([expected[0]] + expected[1], [got[0]] + got[1])
    )
    return {
        "directory": directory,
        "graphs": graphs,
        "ran": sorted({name for name, _line in entered if name in graphs}),
        "graph_functions_from_files": len({key for key in entered if key[0] in graphs and ".kernel_" not in key[0]}),
        "graph_functions_from_fx": len(fx_forwards),
        "same_results": same,
    }


def main() -> int:
    global DEVICE
    arguments = sys.argv[1:]
    if "cuda" in arguments:
        arguments.remove("cuda")
        DEVICE = "cuda"
    backends = arguments or ["eager", "aot_eager", "inductor"]
    failed = False
    for backend in backends:
        for program in PROGRAMS:
            result = measure(program, backend)
            failed |= not result["same_results"]
            shutil.rmtree(result["directory"], ignore_errors=True)
            print(
                DEVICE,
                "%-10s %-14s graph files %2d; ran: %-50s graph forwards run from files %d, from FX's code %d; "
                "results equal eager: %s"
                % (
                    backend,
                    program,
                    len(result["graphs"]),
                    ", ".join(sorted({name.split(".")[1] for name in result["ran"]})) or "-",
                    result["graph_functions_from_files"],
                    result["graph_functions_from_fx"],
                    result["same_results"],
                ),
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
