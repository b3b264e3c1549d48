"""Dynamo replays Python side effects (global/attribute/list/dict mutations,
prints) in its transformed code; run from depyf's decompiled files they must
happen exactly as without depyf, and the files' code must be what runs."""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import torch_compat  # noqa: E402

log: list = []
state = {"calls": 0}


class Holder:
    value = 0


holder = Holder()


def mutate_globals(x, items, d):
    log.append("start")
    state["calls"] += 1
    holder.value = holder.value + 1
    y = x * 2
    items.append(1)
    d["k"] = y
    print("break", len(items))
    z = y + d["k"]
    items.extend([2, 3])
    return z, {"a": z, "b": [y, (x, 1)]}, items[-1]


def star_arguments(x, *args, scale=2.0, **kw):
    out = x * scale
    for a in args:
        out = out + a
    if "bias" in kw:
        out = out + kw["bias"]
    torch._dynamo.graph_break()
    return out, len(args), sorted(kw)


def in_place(x):
    x = x.clone()
    x.add_(1)
    pair = [x, x * 2]
    pair[0].mul_(3)
    print("mid")
    pair.reverse()
    return pair


def two_breaks_and_a_branch(x):
    a = x.sin()
    print("one")
    b = a.cos()
    print("two")
    if b.sum() > 0:
        return a + b
    return a - b


def make_counter():
    count = 0

    def step(x):
        nonlocal count  # Dynamo passes this cell itself on to the resume function
        count += 1
        print("step", count)
        return x * count

    return step


class Base(torch.nn.Module):
    def forward(self, x):
        return x + 1


class Child(Base):
    def forward(self, x):
        y = super().forward(x)  # the __class__ cell
        print("child")
        return y * 2


def makes_a_lambda(x):
    scale = lambda t: t * 3  # noqa: E731 - a code object in Dynamo's constants
    print("lambda")
    return scale(x)


def break_under_no_grad(x):
    with torch.no_grad():  # the resume function unpacks its stack into values
        y = x * 2
        print("no_grad")
    return y


def keyword_only(x, *, a=1, b=2):
    parts = {k: x * v for k, v in (("a", a), ("b", b))}
    print("kw", f"{a}:{b}")
    return parts["a"] + parts["b"], [i for i in range(3)]


def calls():
    torch.manual_seed(0)
    x = torch.randn(4)
    return [
        (mutate_globals, (x, [], {}), {}),
        (star_arguments, (x, x, x), {"scale": 3.0, "bias": x, "z": 1}),
        (in_place, (x,), {}),
        (two_breaks_and_a_branch, (x,), {}),
        (two_breaks_and_a_branch, (-x.abs(),), {}),
        (make_counter(), (x,), {}),
        (Child(), (x,), {}),
        (makes_a_lambda, (x,), {}),
        (break_under_no_grad, (x.clone().requires_grad_(),), {}),
        (keyword_only, (x,), {"b": 5}),
    ]


def flatten(value):
    if isinstance(value, torch.Tensor):
        return [value.detach()]
    if isinstance(value, (list, tuple)):
        return [item for element in value for item in flatten(element)]
    if isinstance(value, dict):
        return [item for key in sorted(value) for item in flatten(value[key])]
    return [value]


def run_all(compiled: bool):
    log.clear()
    state["calls"] = 0
    holder.value = 0
    results = []
    for fn, args, kwargs in calls():
        target = torch.compile(fn, backend="eager") if compiled else fn
        results.append(flatten(target(*args, **kwargs)))
    return results, (list(log), dict(state), holder.value)


def test_side_effects_and_results_match(tmp_path, capsys):
    torch._dynamo.reset()
    expected, expected_state = run_all(compiled=False)
    eager_output = capsys.readouterr().out
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        got, got_state = run_all(compiled=True)
    assert capsys.readouterr().out.splitlines()[: len(eager_output.splitlines())] == eager_output.splitlines()
    assert got_state == expected_state
    for want, have in zip(expected, got):
        assert len(want) == len(have)
        for a, b in zip(want, have):
            assert torch.equal(a, b) if isinstance(a, torch.Tensor) else a == b
    for fn, _, _ in calls():
        code = fn.__code__ if hasattr(fn, "__code__") else type(fn).forward.__code__
        for entry in torch_compat.cache_entries(code):
            code = torch_compat.entry_code(entry)
            assert os.path.dirname(code.co_filename) == directory, code.co_filename
    torch._dynamo.reset()
