"""Closures: a compiled inner function that reads free variables and updates a cell, with a graph break."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def make_affine(weight, bias):
    calls = 0

    def affine(x):
        nonlocal calls
        calls += 1
        y = x * weight
        print("affine call", calls)
        return y + bias * calls

    return affine


def make_gated(scale):
    def gate(x):
        return torch.sigmoid(x * scale)

    def gated(x):
        return x * gate(x)

    return gated


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    affine = compile(make_affine(torch.randn(4), torch.randn(4)))
    gated = compile(make_gated(2.5))
    results = []
    for _ in range(3):
        x = torch.randn(4)
        results += [affine(x), gated(x)]
    return results
