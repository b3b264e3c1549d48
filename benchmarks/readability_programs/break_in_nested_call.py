"""A graph break inside a function that the compiled function calls: both frames are transformed."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def normalise(v):
    norm = v.norm()
    print("norm computed")
    return v / (norm + 1e-6)


def project(x, w):
    h = x @ w
    h = normalise(h)
    return h.tanh() + 1


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(project)
    w = torch.randn(4, 3)
    return [compiled(torch.randn(2, 4), w) for _ in range(3)]
