"""A graph break on a call Dynamo does not trace: `print` in the middle of tensor code."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def log_and_continue(x):
    y = torch.sin(x) * 2
    print("y has", y.numel(), "elements")
    return torch.cos(y) + x


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(log_and_continue)
    return [compiled(torch.randn(6)) for _ in range(3)]
