"""Driven by test_torch_compile_cache: one training step of a small model under
inductor, in a process of its own, with or without depyf.prepare_debug.

    python compile_cache_program.py {depyf|plain} DUMP_DIR [static|dynamic] [cpu|cuda]
Prints one JSON line: AOTAutograd/FX graph cache counters and the loss.
"""

import json
import sys

import torch


class Model(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.first = torch.nn.Linear(8, 16)
        self.second = torch.nn.Linear(16, 4)

    def forward(self, x):
        y = torch.relu(self.first(x))
        if y.sum() > 0:  # a graph break: two compiled functions, two backward graphs
            y = y * 2
        return self.second(y)


def main() -> None:
    mode, directory = sys.argv[1:3]
    dynamic = len(sys.argv) > 3 and sys.argv[3] == "dynamic"
    device = sys.argv[4] if len(sys.argv) > 4 else "cpu"
    torch.manual_seed(0)
    model = Model().to(device)
    compiled = torch.compile(model, backend="inductor", dynamic=dynamic or None)
    inputs = [torch.randn(4, 8), torch.randn(6, 8)] if dynamic else [torch.randn(4, 8)]
    inputs = [x.to(device) for x in inputs]
    losses = []

    def run() -> float:
        for x in inputs:
            loss = compiled(x).sum()
            loss.backward()
            losses.append(loss.item())
        with torch.no_grad():  # an inference graph too (a recompile)
            return compiled(inputs[0]).sum().item()

    if mode == "depyf":
        import depyf

        with depyf.prepare_debug(directory):
            inference = run()
    else:
        inference = run()
    from torch._dynamo.utils import counters

    print(
        json.dumps(
            {
                "aot": dict(counters["aot_autograd"]),
                "fx_hit": counters["inductor"]["fxgraph_cache_hit"],
                "fx_miss": counters["inductor"]["fxgraph_cache_miss"],
                "losses": losses,
                "inference": inference,
            }
        )
    )


if __name__ == "__main__":
    main()
