"""One timed run for prepare_debug_overhead.py: the first training step (compile,
forward, backward) of a model built in code, with or without depyf.prepare_debug.

    python prepare_debug_driver.py {none|depyf} BACKEND DUMP_DIR [tiny|gpt2] [--profile FILE]

tiny: a 4-layer transformer with a graph break and recompiles on new lengths
(4 steps). gpt2: HuggingFace transformers' GPT2LMHeadModel with GPT2Config()'s
default sizes (12 layers, 768 wide, 124M parameters), random weights, nothing
downloaded; one step on 2 x 128 tokens. Which depyf is timed is whichever this
interpreter imports. Prints one JSON line: wall and CPU seconds of the timed
part, files dumped, PyTorch's compile-cache counters and, for a depyf that
counts it, depyf's own seconds inside the timed part (own_seconds).
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


def tiny_steps(backend: str):
    model = TinyTransformer()
    compiled = torch.compile(model, backend=backend)
    batches = [torch.randint(0, 256, (2, length)) for length in (16, 16, 24, 32)]

    def steps() -> None:
        for tokens in batches:
            compiled(tokens).sum().backward()

    return steps


def gpt2_steps(backend: str):
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config()  # the default sizes: GPT-2 small
    model = GPT2LMHeadModel(config)  # random weights: nothing is downloaded
    compiled = torch.compile(model, backend=backend)
    tokens = torch.randint(0, config.vocab_size, (2, 128))

    def steps() -> None:
        compiled(input_ids=tokens, labels=tokens).loss.backward()

    return steps


def counters() -> dict:
    from torch._dynamo.utils import counters as torch_counters

    return {
        "aot_hit": torch_counters["aot_autograd"]["autograd_cache_hit"],
        "aot_miss": torch_counters["aot_autograd"]["autograd_cache_miss"],
        "aot_bypass": torch_counters["aot_autograd"]["autograd_cache_bypass"],
        "fx_hit": torch_counters["inductor"]["fxgraph_cache_hit"],
        "fx_miss": torch_counters["inductor"]["fxgraph_cache_miss"],
    }


def main() -> None:
    arguments = sys.argv[1:]
    profile_path = None
    if "--profile" in arguments:
        index = arguments.index("--profile")
        profile_path = arguments[index + 1]
        del arguments[index : index + 2]
    mode, backend, dump_dir = arguments[:3]
    model = arguments[3] if len(arguments) > 3 else "tiny"
    torch.manual_seed(0)
    steps = gpt2_steps(backend) if model == "gpt2" else tiny_steps(backend)

    def timed() -> None:
        if mode == "depyf":
            import depyf

            with depyf.prepare_debug(dump_dir):
                steps()
        else:
            steps()

    profiler = None
    if profile_path:
        import cProfile

        profiler = cProfile.Profile()
    start = time.perf_counter()
    cpu_start = time.process_time()
    if profiler is not None:
        profiler.runcall(timed)
    else:
        timed()
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    if profiler is not None:
        profiler.dump_stats(profile_path)
    files = len(os.listdir(dump_dir)) if os.path.isdir(dump_dir) else 0
    measured = {"seconds": seconds, "cpu_seconds": cpu_seconds, "files": files, **counters()}
    if mode == "depyf":
        try:  # depyf's own seconds inside the timed part (this depyf; the original has no such count)
            from depyf.explain import own_time

            measured["own_seconds"] = own_time.seconds()
        except ImportError:
            pass
    print(json.dumps(measured))


if __name__ == "__main__":
    main()
