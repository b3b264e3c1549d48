"""Two graph breaks in one function: three graphs joined by two resume functions."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def three_stages(x, y):
    a = x * y + 1
    print("first stage done")
    b = torch.exp(a) - y
    print("second stage done")
    return b.sum() + a.mean()


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(three_stages)
    return [compiled(torch.randn(5), torch.randn(5)) for _ in range(3)]
