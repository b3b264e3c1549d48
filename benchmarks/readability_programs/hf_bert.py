"""HuggingFace BERT (BertModel) from a tiny config with random weights: inference on two batches."""

from __future__ import annotations

from typing import List

import torch

from .hf_models import VOCAB, run_language_model
from .program_api import Compile

REQUIRES = ("transformers",)


def run(compile: Compile) -> List[torch.Tensor]:
    from transformers import BertConfig, BertModel

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=VOCAB,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        max_position_embeddings=32,
    )
    return run_language_model(BertModel(config), "last_hidden_state", compile)
