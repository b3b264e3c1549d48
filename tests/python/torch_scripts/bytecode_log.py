"""Driven by test_torch_explain with TORCH_LOGS=+bytecode: depyf.install()
adds the decompiled source to Dynamo's bytecode log."""

import torch

import depyf


def toy(a, b):
    return (a + b).relu()


if __name__ == "__main__":
    depyf.install()
    depyf.install()  # idempotent
    torch.compile(toy, backend="eager")(torch.ones(2), torch.ones(2))
    depyf.uninstall()
    depyf.uninstall()
