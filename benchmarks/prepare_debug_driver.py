"""One timed run for prepare_debug_overhead.py: compile and run a small
transformer built in code, with or without depyf.prepare_debug.

    python prepare_debug_driver.py {none|depyf} BACKEND DUMP_DIR
Prints one JSON line: {"seconds": ..., "cpu_seconds": ..., "files": ...}.
"""

import json
import os
import sys
import time

import torch


class Block(torch.nn.Module):
    def __init__(self, width: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(width)
        self.qkv = torch.nn.Linear(width, 3 * width)
        self.proj = torch.nn.Linear(width, width)
        self.norm2 = torch.nn.LayerNorm(width)
        self.mlp = torch.nn.Sequential(
            torch.nn.Linear(width, 4 * width), torch.nn.GELU(), torch.nn.Linear(4 * width, width)
        )

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(self.norm1(x)).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        attention = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(attention.transpose(1, 2).reshape(b, t, c))
        return x + self.mlp(self.norm2(x))


class TinyTransformer(torch.nn.Module):
    def __init__(self, vocab: int = 256, width: int = 64, heads: int = 4, layers: int = 4) -> None:
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, width)
        self.blocks = torch.nn.ModuleList(Block(width, heads) for _ in range(layers))
        self.head = torch.nn.Linear(width, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        logits = self.head(x)
        if logits.abs().max() > 1e6:  # a data-dependent check: one graph break
            print("overflow")
        return logits


def main() -> None:
    mode, backend, dump_dir = sys.argv[1:4]
    torch.manual_seed(0)
    model = TinyTransformer()
    compiled = torch.compile(model, backend=backend)
    batches = [torch.randint(0, 256, (2, length)) for length in (16, 16, 24, 32)]
    start = time.perf_counter()
    cpu_start = time.process_time()
    if mode == "depyf":
        import depyf

        with depyf.prepare_debug(dump_dir):
            for tokens in batches:
                compiled(tokens).sum().backward()
    else:
        for tokens in batches:
            compiled(tokens).sum().backward()
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    files = len(os.listdir(dump_dir)) if os.path.isdir(dump_dir) else 0
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "files": files}))


if __name__ == "__main__":
    main()
