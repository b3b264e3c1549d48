"""HuggingFace Llama (LlamaForCausalLM) from a tiny config with random weights: inference on two batches."""

from __future__ import annotations

from typing import List

import torch

from .hf_models import VOCAB, run_language_model
from .program_api import Compile

REQUIRES = ("transformers",)


def run(compile: Compile) -> List[torch.Tensor]:
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=VOCAB,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=32,
        bos_token_id=0,
        eos_token_id=0,
    )
    return run_language_model(LlamaForCausalLM(config), "logits", compile)
