"""The explainer on CUDA: Inductor's Triton kernels are dumped, the dumped
files are the ones that run, and results never change. CI has no GPU, so
these are skipped there; they run on a machine with one."""

from __future__ import annotations

import glob
import os

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import torch_compat  # noqa: E402

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


class Mlp(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.up = torch.nn.Linear(64, 256)
        self.down = torch.nn.Linear(256, 64)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.up(x))
        if h.mean() > 0:  # data-dependent branch: a graph break
            h = h * 2
        return self.down(h).softmax(dim=-1)


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def loaded_inductor_files() -> list:
    from torch._inductor.codecache import PyCodeCache

    return [getattr(module, "__file__", "") for module in getattr(PyCodeCache, "modules", [])]


@pytest.mark.parametrize("dynamic", [False, True])
def test_triton_kernels_dumped_and_loaded_from_the_dump(tmp_path, dynamic):
    torch.manual_seed(0)
    module = Mlp().cuda()
    inputs = [torch.randn(32, 64, device="cuda", requires_grad=True) for _ in range(2)]
    expected = [module(x) for x in inputs]
    compiled = torch.compile(module, backend="inductor", dynamic=dynamic)
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        got = [compiled(x) for x in inputs]
        sum(value.sum() for value in got).backward()
    for want, have in zip(expected, got):
        assert have.is_cuda
        assert torch.allclose(want, have, atol=1e-5, rtol=1e-4)

    kernels = sorted(glob.glob(os.path.join(directory, "__compiled_fn*.kernel_*.py")))
    assert kernels, os.listdir(directory)
    assert any("@triton.jit" in read(path) for path in kernels), "no Triton kernel in the dumped Inductor code"
    assert glob.glob(os.path.join(directory, "__compiled_fn*Forward_graph*.py"))
    assert glob.glob(os.path.join(directory, "__compiled_fn*Backward_graph*.py"))
    assert glob.glob(os.path.join(directory, "__transformed_code*for_torch_dynamo_resume_in_*.py"))
    # Inductor ran the wrapper code loaded from the dumped files.
    loaded = [path for path in loaded_inductor_files() if os.path.dirname(path) == directory]
    assert loaded, "no Inductor module was loaded from the dump directory"
    # And Dynamo runs the dumped transformed code.
    for entry in torch_compat.cache_entries(Mlp.forward.__code__):
        code = torch_compat.entry_code(entry)
        assert os.path.dirname(code.co_filename) == directory


def test_decompiled_transformed_code_of_a_cuda_function_runs(tmp_path):
    def step(x, w):
        y = x @ w
        print("graph break")  # resume function after it
        return torch.relu(y).sum(dim=0)

    x = torch.randn(16, 16, device="cuda")
    w = torch.randn(16, 16, device="cuda")
    expected = step(x, w)
    compiled = torch.compile(step, backend="inductor")
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        got = compiled(x, w)
    assert torch.allclose(expected, got, atol=1e-4, rtol=1e-4)
    full_code = glob.glob(os.path.join(directory, "full_code_for_step_*.py"))
    assert full_code
    text = read(full_code[0])
    assert "Graph breaks met while compiling it" in text and "__compiled_fn" in text
    for path in glob.glob(os.path.join(directory, "*.py")):
        compile(read(path), path, "exec")  # every dump is valid Python
