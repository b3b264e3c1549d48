"""A graph break inside a loop body. Dynamo cannot resume inside a loop: it runs the loop's frame as plain
Python (the dump lists the break, no transformed code) and breaks the caller's graph at the call."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def accumulate(x, steps: int):
    total = torch.zeros_like(x)
    for step in range(steps):
        total = total + x * step
        torch._dynamo.graph_break()
        total = total.relu()
    return total / steps


def smooth(x):
    h = torch.sin(x) + 1
    total = accumulate(h, 3)
    return torch.cos(total) * h


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(smooth)
    return [compiled(torch.randn(5)) for _ in range(3)]
