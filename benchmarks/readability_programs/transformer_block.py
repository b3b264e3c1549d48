"""A small hand-written pre-norm transformer block (causal self-attention and an MLP), forward only."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


class Block(torch.nn.Module):
    def __init__(self, width: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(width)
        self.qkv = torch.nn.Linear(width, 3 * width)
        self.proj = torch.nn.Linear(width, width)
        self.norm2 = torch.nn.LayerNorm(width)
        self.up = torch.nn.Linear(width, 4 * width)
        self.down = torch.nn.Linear(4 * width, width)

    def forward(self, x):
        batch, length, width = x.shape
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        q = q.view(batch, length, self.heads, width // self.heads).transpose(1, 2)
        k = k.view(batch, length, self.heads, width // self.heads).transpose(1, 2)
        v = v.view(batch, length, self.heads, width // self.heads).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / (width // self.heads) ** 0.5
        mask = torch.ones(length, length, dtype=torch.bool).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
        attention = scores.softmax(dim=-1) @ v
        x = x + self.proj(attention.transpose(1, 2).reshape(batch, length, width))
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm2(x))))


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    block = Block(width=32, heads=4).eval()
    compiled = compile(block)
    with torch.no_grad():
        return [compiled(torch.randn(2, 8, 32)) for _ in range(2)]
