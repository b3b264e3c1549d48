"""Driven by test_torch_breakpoints: the same small program, run once to dump
and run again to debug, as a user reruns it after setting breakpoints in the
files of the first run.

    rerun_program.py DIR dump    compile and run under depyf.prepare_debug(DIR)
    rerun_program.py DIR debug   the same, then run again under depyf.debug()
                                 (pdb reads its commands from stdin)

Two copies of one function are compiled, one per backend whose graph code
runs as Python: eager (the captured graph runs) and aot_eager (the forward
and backward graphs run). Each has a data-dependent branch, so Dynamo breaks
the graph and a resume function continues after it."""

import sys

import torch

import depyf


def toy_eager(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def toy_aot_eager(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def run(eager, aot_eager):
    a = torch.linspace(-2.0, 2.0, 8, requires_grad=True)
    b = -torch.ones(8)  # the branch is taken: the same resume function every run
    first = eager(a, b)
    second = aot_eager(a, b)
    second.sum().backward()
    return first, second, a.grad


def main() -> None:
    directory, mode = sys.argv[1], sys.argv[2]
    eager = torch.compile(toy_eager, backend="eager")
    aot_eager = torch.compile(toy_aot_eager, backend="aot_eager")
    with depyf.prepare_debug(directory):
        run(eager, aot_eager)
    if mode == "debug":
        with depyf.debug():
            got = run(eager, aot_eager)
        expected = run(toy_eager, toy_aot_eager)
        same = all(torch.allclose(x, y) for x, y in zip(got, expected))
        print("debugged results equal eager" if same else "debugged results DIFFER")


if __name__ == "__main__":
    main()
