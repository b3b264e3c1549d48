"""A graph break inside a `with torch.no_grad():` block: the resume function re-enters the block."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def update_running_mean(running, x):
    batch_mean = x.mean(dim=0)
    with torch.no_grad():
        running = running * 0.9
        print("updating the running mean")
        running = running + 0.1 * batch_mean
    return running, batch_mean * 2


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    compiled = compile(update_running_mean)
    running = torch.zeros(4)
    results = []
    for _ in range(3):
        x = torch.randn(3, 4, requires_grad=True)
        running, doubled = compiled(running, x)
        results += [running, doubled.detach()]
    return results
