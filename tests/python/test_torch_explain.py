"""The torch.compile explainer: prepare_debug's dumps, that the dumped code is
the code that runs, and that results never change (torch 2.13 CPU)."""

from __future__ import annotations

import ast
import glob
import os
import re
import subprocess
import sys
import types
import warnings

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import torch_compat  # noqa: E402
from depyf.explain.transformed_code import dump_transformed_code  # noqa: E402

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_scripts")


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


class Block(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.scale = 2.0

    def forward(self, x):
        y = self.lin(x).relu()
        total = 0
        for i in range(3):  # unrolled by Dynamo
            total = total + y * i
        try:
            z = total / self.scale
        except ZeroDivisionError:
            z = total
        if z.sum() > 0:  # data-dependent branch: graph break
            z = z * 2
        return z


def make_closure(k: int):
    offset = torch.tensor(float(k))

    def with_cells(x):
        def inner():
            return x * 2

        return inner() + offset

    return with_cells


def breaks_on_print(x, y):
    x = x.sin()
    print("graph break here")
    return x + y


def unsupported_call(x):
    x = x * 2
    torch._dynamo.graph_break()
    return x.cos()


def dump_files(directory: str, pattern: str) -> list:
    return sorted(glob.glob(os.path.join(directory, pattern)))


def assert_all_parse(directory: str) -> None:
    for path in glob.glob(os.path.join(directory, "*.py")):
        with open(path, encoding="utf-8") as handle:
            ast.parse(handle.read(), path)
    assert not glob.glob(os.path.join(directory, ".depyf-*")), "temporary files left behind"


def running_codes(fn) -> list:
    code = getattr(fn, "__code__", None) or fn.forward.__code__
    return [torch_compat.entry_code(entry) for entry in torch_compat.cache_entries(code)]


@pytest.mark.parametrize("backend", ["eager", "aot_eager", "inductor"])
@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("requires_grad", [False, True])
def test_results_unchanged_and_code_runs_from_dump(tmp_path, backend, dynamic, requires_grad):
    torch.manual_seed(0)
    module = Block()
    closure = make_closure(3)
    inputs = [torch.randn(4, 8, requires_grad=requires_grad) for _ in range(2)]
    expected = [(module(x), closure(x), breaks_on_print(x, x), unsupported_call(x)) for x in inputs]
    compiled = [
        torch.compile(fn, backend=backend, dynamic=dynamic)
        for fn in (module, closure, breaks_on_print, unsupported_call)
    ]
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        got = [(compiled[0](x), compiled[1](x), compiled[2](x, x), compiled[3](x)) for x in inputs]
        if requires_grad:
            sum(value.sum() for value in got[0]).backward()
    for want, have in zip(expected, got):
        for a, b in zip(want, have):
            assert torch.allclose(a, b)
    assert_all_parse(directory)
    assert dump_files(directory, "__transformed_code*for_forward.py")
    assert dump_files(directory, "__transformed_code*for_with_cells.py")
    assert dump_files(directory, "__transformed_code*for_torch_dynamo_resume_in_*.py")
    assert dump_files(directory, "full_code_for_forward_*.py")
    assert dump_files(directory, "__compiled_fn*Captured_Graph*.py")
    if backend != "eager":
        assert dump_files(directory, "__compiled_fn*Forward_graph*.py")
    if backend == "inductor":
        assert dump_files(directory, "__compiled_fn*.kernel_*.py")
    # The code Dynamo runs is the dumped file's.
    for fn in (module, closure, breaks_on_print, unsupported_call):
        codes = running_codes(fn)
        assert codes
        for code in codes:
            assert os.path.dirname(code.co_filename) == directory
            assert os.path.basename(code.co_filename).startswith("__transformed_code_")


def test_full_code_explains_recompiles_and_graph_breaks(tmp_path):
    compiled = torch.compile(breaks_on_print, backend="eager")
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        compiled(torch.randn(3), torch.randn(3))
        compiled(torch.randn(5), torch.randn(5))  # size changed: recompiles
    (full_code,) = dump_files(directory, "full_code_for_breaks_on_print_*.py")
    with open(full_code, encoding="utf-8") as handle:
        text = handle.read()
    assert "Graph breaks met while compiling it" in text
    # Each break links to the user's line (file:line) and quotes it.
    assert re.search(r"test_torch_explain\.py:\d+ in breaks_on_print: ", text), text
    assert re.search(r"#\s+print\(", text), text
    assert "Compiled because these guards of the earlier versions failed" in text
    assert "size mismatch" in text
    assert "def __guard_0_for_breaks_on_print(L, G, **___kwargs_ignored):" in text
    assert "def __original_code_for_breaks_on_print(x, y):" in text


def test_eager_graph_runs_from_its_file(tmp_path):
    seen = []

    def backend(gm, example_inputs):
        seen.append(gm)
        return gm.forward

    compiled = torch.compile(lambda x: (x + 1).relu(), backend=backend)
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory):
        compiled(torch.randn(3))
    (graph_file,) = dump_files(directory, "__compiled_fn*Captured_Graph*.py")
    assert type(seen[0]).forward.__code__.co_filename == graph_file


def test_non_literal_constants_are_restored(tmp_path):
    def add_one(x):
        return x + 1000  # not a small int: 3.14 loads those without co_consts (LOAD_SMALL_INT)

    marker = object()
    code = add_one.__code__
    consts = tuple(marker if c == 1000 else c for c in code.co_consts)
    odd = code.replace(co_consts=consts)
    namespace: dict = {}
    result = dump_transformed_code(odd, code, str(tmp_path / "__transformed_code_%s_for_add_one.py"), namespace)
    assert result.code is not None, result.problem
    assert list(namespace.values()) == [marker]
    restored = types.FunctionType(result.code, namespace)
    captured = []

    class Recorder:
        def __add__(self, other):
            captured.append(other)
            return "added"

    assert restored(Recorder()) == "added" and captured == [marker]


def test_decompilation_failure_keeps_dynamos_code(tmp_path, monkeypatch):
    import depyf.explain.transformed_code as transformed

    class Broken:
        def __init__(self, code):
            pass

        def decompile(self, **kwargs):
            raise depyf.DecompilationError("simulated failure")

    monkeypatch.setattr(transformed, "Decompiler", Broken)
    compiled = torch.compile(breaks_on_print, backend="eager")
    x = torch.randn(3)
    directory = str(tmp_path / "dump")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with depyf.prepare_debug(directory):
            result = compiled(x, x)
    assert torch.allclose(result, breaks_on_print(x, x))
    assert any("simulated failure" in str(w.message) for w in caught)
    files = dump_files(directory, "__transformed_code_*_for_breaks_on_print.py")
    with open(files[0], encoding="utf-8") as handle:
        assert "simulated failure" in handle.read()
    assert all(not c.co_filename.startswith(directory) for c in running_codes(breaks_on_print))


def test_missing_hook_point_warns_and_carries_on(tmp_path, monkeypatch):
    import torch._dynamo.convert_frame as convert_frame

    def gone(hook):
        raise AttributeError("register_bytecode_hook moved")

    monkeypatch.setattr(convert_frame, "register_bytecode_hook", gone)
    monkeypatch.setattr(torch_compat, "_warned", set())
    compiled = torch.compile(breaks_on_print, backend="eager")
    x = torch.randn(3)
    with pytest.warns(RuntimeWarning, match="bytecode hook"):
        with depyf.prepare_debug(str(tmp_path / "dump")):
            result = compiled(x, x)
    assert torch.allclose(result, breaks_on_print(x, x))


def test_repeated_blocks_and_manual_enter_exit(tmp_path):
    compiled = torch.compile(unsupported_call, backend="eager")
    first = depyf.prepare_debug(str(tmp_path / "one"))
    first.__enter__()
    compiled(torch.randn(3))
    first.__exit__(None, None, None)
    torch._dynamo.reset()
    with depyf.prepare_debug(str(tmp_path / "two")):
        compiled(torch.randn(3))
    for name in ("one", "two"):
        assert dump_files(str(tmp_path / name), "full_code_for_unsupported_call_*.py")


def test_dump_src_inside_and_outside(tmp_path):
    compiled = torch.compile(unsupported_call, backend="eager")
    with depyf.prepare_debug(str(tmp_path / "dump")):
        compiled(torch.randn(3))
        text = depyf.explain.dump_src(unsupported_call.__code__, globals())
    assert "__guard_0_for_unsupported_call" in text
    with pytest.raises(RuntimeError, match="inside depyf.prepare_debug"):
        depyf.explain.dump_src(unsupported_call.__code__, globals())


def test_torch_export_inside_prepare_debug(tmp_path):
    module = Block()
    x = torch.randn(4, 8)
    with depyf.prepare_debug(str(tmp_path / "dump")):
        exported = torch.export.export(torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU()), (x,))
    assert exported.module()(x).shape == (4, 8)
    assert module(x).shape == (4, 8)


def test_custom_dispatcher_wrapper():
    from depyf.optimization import TorchCompileWrapperWithCustomDispatcher

    class Model(TorchCompileWrapperWithCustomDispatcher):
        def __init__(self):
            self.weight = torch.randn(3)
            super().__init__(torch.compile(self.forward, backend="eager"))

        def forward(self, x):
            return x * self.weight + 1

    model = Model()
    x = torch.randn(3)
    expected = model.forward(x)
    assert torch.allclose(model(x), expected)
    assert len(model.compiled_codes) == 1
    with model.dispatch_to_code(0):
        assert torch.allclose(model.forward(x), expected)
    assert Model.forward.__code__ is model.original_code_object


def run_script(name: str, *args: str, stdin: str = "", env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run(
        [sys.executable, os.path.join(SCRIPTS, name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


def test_pdb_breakpoint_in_dumped_file_is_hit(tmp_path):
    directory = str(tmp_path / "dump")
    transformed = os.path.join(directory, "__transformed_code_0_for_toy.py")
    # A first run dumps the files; the same program run again writes the same
    # files, so a breakpoint set in one from the first run is hit in the second.
    first = run_script("debug_session.py", directory, "--dump-only")
    assert first.returncode == 0, first.stderr
    with open(transformed, encoding="utf-8") as handle:
        line = next(n for n, text in enumerate(handle, 1) if "graph_out_0 = " in text)
    commands = "b %s:%d\nc\np 'reached', x.shape\nc\n" % (transformed, line)
    result = run_script("debug_session.py", directory, stdin=commands)
    assert result.returncode == 0, result.stderr
    assert "__transformed_code_0_for_toy.py(%d)" % line in result.stdout, result.stdout
    assert "('reached', torch.Size([10]))" in result.stdout


def test_install_adds_source_to_bytecode_log():
    result = run_script("bytecode_log.py", env_extra={"TORCH_LOGS": "+bytecode"})
    assert result.returncode == 0, result.stderr
    assert "possible source code" in result.stderr
    assert "def toy(" in result.stderr


def test_several_processes_share_a_dump_directory(tmp_path):
    directory = str(tmp_path / "shared")
    result = run_script("spawn_ranks.py", directory)
    assert result.returncode == 0, result.stderr
    assert_all_parse(directory)
    assert dump_files(directory, "full_code_for_rank_work_*.py")
    assert dump_files(directory, "__transformed_code_*_for_rank_work.py")
    for rank in range(2):
        with open(os.path.join(directory, "result_%d.txt" % rank)) as handle:
            assert handle.read() == "ok"


def break_inside_loop(x, n):
    for i in range(n):
        x = x + i
        print("loop step", i)  # a graph break in a loop: Dynamo skips the whole frame
    return x


def test_skipped_frames_are_reported(tmp_path):
    compiled = torch.compile(break_inside_loop, backend="eager")
    directory = str(tmp_path / "dump")
    x = torch.randn(3)
    with depyf.prepare_debug(directory):
        result = compiled(x, 2)
    assert torch.equal(result, break_inside_loop(x, 2))
    (report,) = dump_files(directory, "graph_breaks_without_compiled_code_*.txt")
    with open(report, encoding="utf-8") as handle:
        text = handle.read()
    assert "break_inside_loop" in text and "print" in text
    assert not dump_files(directory, "full_code_for_break_inside_loop_*.py")


def test_overlapping_blocks_share_and_restore_hook_points(tmp_path):
    import torch._dynamo.utils as dynamo_utils
    from torch._inductor.codecache import PyCodeCache

    original_code = dynamo_utils.lazy_format_graph_code.__code__
    original_loader = PyCodeCache.__dict__["load_by_key_path"]
    outer = depyf.prepare_debug(str(tmp_path / "outer"))
    inner = depyf.prepare_debug(str(tmp_path / "inner"))
    outer.__enter__()
    inner.__enter__()
    torch.compile(unsupported_call, backend="aot_eager")(torch.randn(3))
    outer.__exit__(None, None, None)  # closed first, out of order
    torch.compile(breaks_on_print, backend="aot_eager")(torch.randn(3), torch.randn(3))
    inner.__exit__(None, None, None)
    assert dump_files(str(tmp_path / "outer"), "__compiled_fn*Forward_graph*.py")
    assert dump_files(str(tmp_path / "inner"), "full_code_for_breaks_on_print_*.py")
    assert len(dump_files(str(tmp_path / "inner"), "__compiled_fn*Forward_graph*.py")) > len(
        dump_files(str(tmp_path / "outer"), "__compiled_fn*Forward_graph*.py")
    )
    assert dynamo_utils.lazy_format_graph_code.__code__ is original_code
    assert PyCodeCache.__dict__["load_by_key_path"] is original_loader
    # Both blocks are over: none is active, and depyf.debug() may follow.
    from depyf.explain.enable_debugging import active_session

    assert active_session() is None
