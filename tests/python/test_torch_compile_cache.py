"""prepare_debug keeps PyTorch's compile caches on (issue 19): a run whose
AOTAutograd/FX graph cache entries exist dumps the same graphs and kernels as a
cold run, and a run under depyf shares cache entries with a run without it.

Every run is a process of its own (the caches are on disk, shared through
TORCHINDUCTOR_CACHE_DIR)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import torch_compat  # noqa: E402

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_scripts", "compile_cache_program.py")
# The programs import the depyf this test imported (installed, or a checkout with its extension built).
DEPYF_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(depyf.__file__)))


def run_program(mode: str, dump_dir: str, cache_dir: str, *extra: str) -> dict:
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=cache_dir)
    env["PYTHONPATH"] = DEPYF_PARENT + os.pathsep + env.get("PYTHONPATH", "")
    for name in ("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_AUTOGRAD_CACHE"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, SCRIPT, mode, dump_dir, *extra], env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def read_dump(directory: str) -> dict:
    files = {}
    for name in sorted(os.listdir(directory)):
        if os.path.isdir(os.path.join(directory, name)):
            continue  # depyf_runs/: the manifests of runs, different by nature
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            files[name] = handle.read()
    return files


def is_graph_or_kernel(name: str) -> bool:
    return name.startswith("__compiled_fn_") and name.endswith(".py")


@pytest.fixture(scope="module", params=["static", "dynamic"])
def runs(request, tmp_path_factory):
    """A cold run under depyf, then a warm one (its cache entries); a run
    without depyf, then one under depyf that reuses its entries (and the
    other way round)."""
    base = tmp_path_factory.mktemp("cache_" + request.param)
    extra = ("dynamic",) if request.param == "dynamic" else ()
    result = {}
    shared = str(base / "cache-depyf-first")
    result["cold"] = run_program("depyf", str(base / "cold"), shared, *extra)
    result["warm"] = run_program("depyf", str(base / "warm"), shared, *extra)
    result["plain after depyf"] = run_program("plain", str(base / "unused"), shared, *extra)
    plain_first = str(base / "cache-plain-first")
    result["plain"] = run_program("plain", str(base / "unused"), plain_first, *extra)
    result["depyf after plain"] = run_program("depyf", str(base / "after-plain"), plain_first, *extra)
    result["dumps"] = {name: read_dump(str(base / name)) for name in ("cold", "warm", "after-plain")}
    return result


def test_results_are_those_of_the_cold_run(runs):
    for name in ("warm", "plain", "plain after depyf", "depyf after plain"):
        assert runs[name]["losses"] == runs["cold"]["losses"], name
        assert runs[name]["inference"] == runs["cold"]["inference"], name


def test_depyf_keeps_the_caches_on_and_shares_their_entries(runs):
    assert runs["cold"]["aot"].get("autograd_cache_hit", 0) == 0
    assert runs["cold"]["aot"].get("autograd_cache_saved", 0) > 0
    for name in ("warm", "plain after depyf", "depyf after plain"):
        aot = runs[name]["aot"]
        # Every compile is loaded: depyf changes no cache key.
        assert aot.get("autograd_cache_hit", 0) == runs["cold"]["aot"]["autograd_cache_saved"], (name, aot)
        assert aot.get("autograd_cache_miss", 0) == 0, (name, aot)
        assert runs[name]["fx_miss"] == 0, name


@pytest.mark.parametrize("warm_run", ["warm", "after-plain"])
def test_a_warm_run_dumps_the_graphs_and_kernels_of_a_cold_one(runs, warm_run):
    cold, warm = runs["dumps"]["cold"], runs["dumps"][warm_run]
    cold_graphs = {name for name in cold if is_graph_or_kernel(name)}
    warm_graphs = {name for name in warm if is_graph_or_kernel(name)}
    # Only the snapshot printed between AOTAutograd's passes is missing.
    assert cold_graphs - warm_graphs == {name for name in cold_graphs if ".tensorify_python_scalars." in name}
    assert warm_graphs <= cold_graphs
    assert any(".kernel_" in name for name in warm_graphs)
    for stage in ("Joint_graph", "Forward_graph", "Backward_graph", "AFTER_POST_GRAD", "BEFORE_PRE_GRAD"):
        assert any(".%s." % stage in name for name in warm_graphs), stage
    for name in sorted(warm_graphs):
        assert warm[name] == cold[name], name
    # The same transformed code and full_code files, the same text but for the
    # full_code lines that list the snapshot the warm run lacks.
    others = {name for name in cold if not is_graph_or_kernel(name)}
    assert others == {name for name in warm if not is_graph_or_kernel(name) and not name.endswith(".txt")}
    for name in sorted(others):
        if name.startswith("full_code_for_"):
            cold_lines = [line for line in cold[name].splitlines() if ".tensorify_python_scalars." not in line]
            assert warm[name].splitlines() == cold_lines, name
        else:
            assert warm[name] == cold[name], name


def test_a_cache_hit_says_what_the_dump_lacks(runs):
    cold, warm = runs["dumps"]["cold"], runs["dumps"]["warm"]
    notes = [name for name in warm if name.endswith(".loaded_from_compile_cache.0.txt")]
    owners = {name.split(".")[0] for name in cold if ".Joint_graph." in name or ".Forward_graph." in name}
    assert {name.split(".")[0] for name in notes} == owners
    assert not [name for name in cold if name.endswith(".txt")]
    text = warm[notes[0]]
    assert "tensorify_python_scalars" in text and "TORCHINDUCTOR_FORCE_DISABLE_CACHES=1" in text


def test_a_lazily_compiled_backward_is_filed_under_its_own_graph(runs):
    """AOTAutograd compiles a backward at the first backward call, after later
    graphs were captured; its post-grad graph and kernel belong to its own
    compiled function (forward kernel_0, backward kernel_1)."""
    cold = runs["dumps"]["cold"]
    with_backward = {name.split(".")[0] for name in cold if ".Backward_graph." in name}
    assert len(with_backward) == 2
    for owner in with_backward:
        assert sorted(name for name in cold if name.startswith(owner + ".kernel_")) == [
            owner + ".kernel_0.py",
            owner + ".kernel_1.py",
        ]
        assert owner + ".AFTER_POST_GRAD.1.py" in cold


def test_a_dumped_lazy_graph_stays_unwritten_until_torch_uses_it(tmp_path):
    """Dumping a graph that runs from its file must not leave a lazy GraphModule
    with its code written: that reorders its __dict__, which the AOTAutograd
    cache key pickles. When torch writes the code, the file's runs."""
    from torch.fx._lazy_graph_module import _LazyGraphModule, _use_lazy_graph_module

    from depyf.explain.graph_dumps import dump_graph

    def f(x):
        return torch.relu(x) * 2

    with _use_lazy_graph_module(True):
        graph_module = torch.fx.symbolic_trace(f)
    assert isinstance(graph_module, _LazyGraphModule) and type(graph_module)._needs_recompile()
    order_before = list(graph_module.__dict__)
    undo = torch_compat.tap_graph_code(lambda _name, _module: None)  # keeps recompiled graphs on their files
    try:
        path = dump_graph(str(tmp_path), "__compiled_fn_1", "Captured_Graph", graph_module)
        assert list(graph_module.__dict__) == order_before
        assert type(graph_module)._needs_recompile()
        assert torch.equal(graph_module(torch.ones(2)), torch.full((2,), 2.0))
        assert type(graph_module).forward.__code__.co_filename == path
    finally:
        undo()


def test_missing_cache_hooks_warn_and_turn_the_caches_off(tmp_path, monkeypatch):
    import depyf
    from torch._functorch import config as functorch_config
    from torch._functorch._aot_autograd.autograd_cache import AOTAutogradCache

    # One of the hook points gone (its module and name are the same from torch 2.9 to 2.15).
    monkeypatch.delattr(AOTAutogradCache, "try_load")
    monkeypatch.setattr(torch_compat, "_warned", set())
    monkeypatch.setattr(functorch_config, "enable_autograd_cache", True)
    compiled = torch.compile(lambda x: x.sin() + 1, backend="eager")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with depyf.prepare_debug(str(tmp_path)):
            # Without the hooks a hit would leave graphs out: the caches are off instead.
            assert functorch_config.enable_autograd_cache is False
            result = compiled(torch.ones(3))
    assert functorch_config.enable_autograd_cache is True
    assert torch.equal(result, torch.ones(3).sin() + 1)
    messages = [str(warning.message) for warning in caught]
    assert any("compile-cache hits" in message for message in messages)
    assert any("turning the compile caches off" in message for message in messages)


def test_torch_reuses_the_text_depyf_printed_only_for_the_unchanged_graph():
    def f(x):
        return torch.relu(x) * 2

    options = {"include_stride": True, "include_device": True, "expanded_def": True}
    graph_module = torch.fx.symbolic_trace(f)
    text = graph_module.print_readable(print_output=False, **options)
    torch_compat.reuse_printed_text(graph_module, options, text)
    # The next print with the same options is answered with depyf's text, once.
    assert graph_module.print_readable(print_output=False, **options) is text
    again = graph_module.print_readable(print_output=False, **options)
    assert again == text and again is not text
    # Other options, or a graph changed since, print afresh.
    torch_compat.reuse_printed_text(graph_module, options, text)
    assert graph_module.print_readable(print_output=False) is not text
    torch_compat.reuse_printed_text(graph_module, options, "stale")
    output = next(node for node in graph_module.graph.nodes if node.op == "output")
    with graph_module.graph.inserting_before(output):
        extra = graph_module.graph.call_function(torch.neg, (output.args[0],))
    output.args = (extra,)
    graph_module.recompile()
    assert "neg" in graph_module.print_readable(print_output=False, **options)
    # A block's end forgets what was not asked for.
    torch_compat.reuse_printed_text(graph_module, options, "stale")
    torch_compat.forget_printed_texts()
    assert graph_module.print_readable(print_output=False, **options) != "stale"
