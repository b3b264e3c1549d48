"""A training step under torch.compile: forward, loss, backward and an Adam step in one compiled function."""

from __future__ import annotations

from typing import List

import torch

from .program_api import Compile


def train_step(model, optimizer, x, target):
    optimizer.zero_grad(set_to_none=True)
    prediction = model(x)
    loss = torch.nn.functional.mse_loss(prediction, target)
    loss.backward()
    optimizer.step()
    return loss.detach()


def run(compile: Compile) -> List[torch.Tensor]:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.Tanh(), torch.nn.Linear(16, 2))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    step = compile(train_step)
    losses = [step(model, optimizer, torch.randn(4, 6), torch.randn(4, 2)) for _ in range(3)]
    return losses + [parameter.detach().clone() for parameter in model.parameters()]
