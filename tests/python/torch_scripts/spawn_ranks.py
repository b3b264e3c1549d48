"""Driven by test_torch_explain: two processes dump into one directory."""

import os
import sys

import torch
import torch.multiprocessing as mp

import depyf


def rank_work(x, scale):
    y = x * scale
    print("rank step")  # a graph break, so resume functions are dumped too
    return y.relu()


def run(rank: int, directory: str) -> None:
    compiled = torch.compile(rank_work, backend="eager")
    x = torch.randn(6)
    with depyf.prepare_debug(directory) as dump_run:
        for scale in (1.0, 2.0, 3.0):
            result = compiled(x, scale + rank)
            assert torch.allclose(result, rank_work(x, scale + rank))
    with open(os.path.join(directory, "result_%d.txt" % rank), "w") as handle:
        handle.write("ok")
    # Where this rank's run manifest is, for the test to compare with the directory.
    with open(os.path.join(directory, "manifest_of_rank_%d.txt" % rank), "w") as handle:
        handle.write(dump_run.manifest)


if __name__ == "__main__":
    mp.spawn(run, args=(sys.argv[1],), nprocs=2, join=True)
