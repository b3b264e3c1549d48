"""Shared by the HuggingFace programs: a tiny model built from a config with random weights, run twice.

Nothing is downloaded: the configs are written here and the weights come from the seed.
"""

from __future__ import annotations

from typing import Any, List

import torch

from .program_api import Compile

VOCAB = 128


def run_language_model(model: Any, output_name: str, compile: Compile) -> List[torch.Tensor]:
    model.eval()
    compiled = compile(model)
    results = []
    with torch.no_grad():
        for _ in range(2):
            tokens = torch.randint(0, VOCAB, (2, 12))
            results.append(getattr(compiled(tokens), output_name))
    return results
