"""The README's toy_example: a data-dependent branch splits it into a graph and two resume functions."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(toy_example)
    return [compiled(torch.randn(10), torch.randn(10)) for _ in range(10)]
