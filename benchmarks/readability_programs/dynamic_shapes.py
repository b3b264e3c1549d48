"""Dynamic shapes: recompiles as sizes change (automatic dynamic), a size-dependent branch, mark_dynamic."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def pad_or_trim(x):
    if x.shape[0] > 6:
        x = x[:6]
    return x * 2 + x.sum()


def row_softmax(x):
    shifted = x - x.max(dim=-1, keepdim=True).values
    return shifted.exp() / shifted.exp().sum(dim=-1, keepdim=True)


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    trimmed = compile(pad_or_trim)
    softmax = compile(row_softmax)
    results = []
    for size in (3, 4, 5, 8, 9):
        results.append(trimmed(torch.randn(size)))
    for rows in (2, 3, 5):
        x = torch.randn(rows, 7)
        torch._dynamo.mark_dynamic(x, 0)
        results.append(softmax(x))
    return results
