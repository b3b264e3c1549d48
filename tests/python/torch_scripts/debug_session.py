"""Driven by test_torch_explain: dump with prepare_debug, then step into the
dumped transformed code under depyf.debug() (pdb commands come on stdin).
With --dump-only it stops after dumping."""

import sys

import torch

import depyf


def toy(x, y):
    a = x / (torch.abs(x) + 1)
    if y.sum() < 0:
        y = y * -1
    return a * y


def main() -> None:
    compiled = torch.compile(toy, backend="eager")
    x, y = torch.randn(10), torch.randn(10)
    with depyf.prepare_debug(sys.argv[1]):
        compiled(x, y)
    if "--dump-only" in sys.argv:
        return
    with depyf.debug():
        result = compiled(x, y)
    print("debugged result ok" if torch.allclose(result, toy(x, y)) else "debugged result WRONG")


if __name__ == "__main__":
    main()
