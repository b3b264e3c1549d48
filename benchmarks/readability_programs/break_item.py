"""A graph break on a data-dependent value: `.item()` hands a tensor's value to Python."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def scale_by_mean(x, y):
    centred = x - x.mean()
    scale = y.abs().mean().item()
    return centred * scale + 1


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(scale_by_mean)
    return [compiled(torch.randn(8), torch.randn(8)) for _ in range(3)]
