"""HuggingFace GPT-2 (GPT2LMHeadModel) from a tiny config with random weights: inference on two batches."""

from __future__ import annotations

from typing import List

import torch

from .hf_models import VOCAB, run_language_model
from .program_api import Compile

REQUIRES = ("transformers",)


def run(compile: Compile) -> List[torch.Tensor]:
    from transformers import GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    config = GPT2Config(
        vocab_size=VOCAB, n_positions=32, n_embd=32, n_layer=2, n_head=2, eos_token_id=0, bos_token_id=0
    )
    return run_language_model(GPT2LMHeadModel(config), "logits", compile)
