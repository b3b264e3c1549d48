"""Graph files (__compiled_fn_N.<Stage>.K.py) stand for the code that runs:
under eager the captured graph runs from its file, under aot_eager the
forward and backward graphs do (in the boxed calling convention aot_eager
uses), results stay equal to eager, and every graph file says at its top
which code runs; a file whose code cannot be shown equal to FX's says so and
FX's code keeps running."""

from __future__ import annotations

import contextlib
import glob
import os
import sys
import threading

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import graph_running  # noqa: E402
from depyf.explain.equivalent_code import difference  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def calls_torch_functions(x):
    y = torch.cat([torch.sin(x), torch.nn.functional.relu(x)])
    return torch.sum(y * 2) + y.mean()


def with_cond(x):
    return torch.cond(x.sum() > 0, lambda t: t.sin() * 2, lambda t: torch.cos(t) - 1, (x,))


@contextlib.contextmanager
def functions_entered(directory: str):
    """Collects (file name, first line) of every function run from `directory`."""
    entered: set = set()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(directory):
            entered.add((os.path.basename(frame.f_code.co_filename), frame.f_code.co_firstlineno))

    sys.setprofile(profile)
    threading.setprofile(profile)
    try:
        yield entered
    finally:
        sys.setprofile(None)
        threading.setprofile(None)


def stages_entered(entered: set) -> set:
    return {name.split(".")[1] for name, _line in entered if name.startswith("__compiled_fn")}


def dump(directory: str, pattern: str) -> list:
    return sorted(glob.glob(os.path.join(directory, pattern)))


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def header(path: str) -> str:
    return "".join(line for line in read(path).splitlines(True) if line.startswith("#")).split("from __future__")[0]


# ---- comparing code objects -----------------------------------------------------------------------


def forward_code(source: str):
    module = compile(source, "<test>", "exec", dont_inherit=True)
    for const in module.co_consts:
        if hasattr(const, "co_code"):
            inner = [c for c in const.co_consts if hasattr(c, "co_code")]
            return const if const.co_name == "forward" else next(c for c in inner if c.co_name == "forward")
    raise AssertionError("no forward")


BODY = "    y = torch.abs(x)\n    z = torch.ops.aten.add.Tensor(y, 1)\n    return (torch.cat([y, z.sum()]), 1.0)\n"
FX_STYLE = "\n\ndef forward(self, x):\n" + BODY  # FX's source has no imports
FILE_STYLE = (
    "from __future__ import annotations\nimport torch\n\nclass GraphModule(torch.nn.Module):\n"
    "    # a comment moves the lines\n    def forward(self, x: 'f32[3]'):\n" + BODY.replace("    ", "        ")
)


def test_import_form_of_torch_calls_is_equivalent_to_method_form():
    made, reference = forward_code(FILE_STYLE), forward_code(FX_STYLE)
    if sys.version_info >= (3, 11):
        # `import torch` in the module makes `torch.abs(x)` compile differently.
        assert made.co_code != reference.co_code
    assert difference(made, reference) is None


def test_line_layout_does_not_decide_equivalence():
    # 3.13+ fuse two local accesses on one line (LOAD_FAST_LOAD_FAST, 3.14:
    # LOAD_FAST_BORROW_LOAD_FAST_BORROW): a dump that spreads FX's one-line
    # return over several lines compiles to other instructions, same behaviour.
    one_line = compile("def f(a, b):\n    c = a + b\n    return (a, b, c)\n", "fx", "exec").co_consts[0]
    spread = compile("def f(a, b):\n    c = a + b\n    return (a,\n            b, c)\n", "file", "exec").co_consts[0]
    other = compile("def f(a, b):\n    c = a + b\n    return (b,\n            a, c)\n", "file", "exec").co_consts[0]
    assert difference(spread, one_line) is None
    assert difference(other, one_line) is not None


@pytest.mark.parametrize(
    "change",
    [
        ("1.0", "1"),  # a constant of another type
        ("torch.abs", "torch.neg"),  # another function
        ("add.Tensor(y, 1)", "add.Tensor(1, y)"),  # other arguments
        ("(self, x", "(self, w"),  # another parameter name
        ("z.sum()", "z.mean()"),  # another method
    ],
)
def test_difference_sees_changed_behaviour(change):
    old, new = change
    made = forward_code(FILE_STYLE.replace(old, new))
    assert difference(made, forward_code(FX_STYLE)) is not None


# ---- which code runs ---------------------------------------------------------------------------


def test_eager_graph_calling_torch_functions_runs_from_its_file(tmp_path):
    directory = str(tmp_path / "dump")
    x = torch.randn(6)
    compiled = torch.compile(calls_torch_functions, backend="eager")
    with depyf.prepare_debug(directory):
        compiled(x)
        with functions_entered(directory) as entered:
            got = compiled(x)
    assert torch.allclose(got, calls_torch_functions(x))
    assert stages_entered(entered) == {"Captured_Graph"}
    assert "this file's forward" in header(dump(directory, "__compiled_fn*Captured_Graph*.py")[0])


def test_aot_eager_forward_and_backward_graphs_run_from_their_files(tmp_path):
    directory = str(tmp_path / "dump")
    a, b = torch.linspace(-2, 2, 8, requires_grad=True), -torch.ones(8)
    expected = toy_example(a, b)
    expected.sum().backward()
    expected_grad, a.grad = a.grad, None
    compiled = torch.compile(toy_example, backend="aot_eager")
    with depyf.prepare_debug(directory):
        compiled(a, b).sum().backward()
        a.grad = None
        with functions_entered(directory) as entered:
            got = compiled(a, b)
            got.sum().backward()
    assert torch.allclose(got, expected) and torch.allclose(a.grad, expected_grad)
    assert stages_entered(entered) == {"Forward_graph", "Backward_graph"}
    # Both graphs of both compiled functions (the function and its resume function) ran from files.
    graphs = {os.path.basename(p) for p in dump(directory, "__compiled_fn*_graph.*.py") if "Joint" not in p}
    assert {name for name, _line in entered if name in graphs} == graphs


def test_boxed_forward_from_the_file_clears_its_argument_list(tmp_path, monkeypatch):
    """aot_eager recompiles the forward graph boxed: the file's code must keep that
    convention (it frees the inputs early), not only compute the same values."""
    import torch._dynamo.backends.debugging as debugging

    boxed = []
    original = debugging.boxed_nop

    def recording_boxed_nop(graph_module, example_inputs):
        boxed.append(graph_module)
        return original(graph_module, example_inputs)

    monkeypatch.setattr(debugging, "boxed_nop", recording_boxed_nop)
    directory = str(tmp_path / "dump")
    a, b = torch.randn(5), torch.randn(5)
    with depyf.prepare_debug(directory):
        torch.compile(lambda a, b: torch.sin(a) * b, backend="aot_eager")(a, b)
    (forward_graph,) = boxed
    (path,) = dump(directory, "__compiled_fn*Forward_graph*.py")
    code = type(forward_graph).forward.__code__
    assert code.co_filename == path
    arguments = [a, b]
    if code.co_varnames[:2] == ("self", "args_list"):
        (result,) = forward_graph.forward(arguments)
    else:
        # torch 2.9's aot_eager boxes through fx.Interpreter.boxed_run (which
        # prepare_debug points at the forward, so the file: the test above).
        (result,) = torch.fx.Interpreter(forward_graph).boxed_run(arguments)
    assert arguments == []
    assert torch.allclose(result, torch.sin(a) * b)
    assert "calls it boxed" in header(path)


def test_subgraphs_of_cond_run_from_the_captured_graph_file(tmp_path):
    directory = str(tmp_path / "dump")
    compiled = torch.compile(with_cond, backend="eager")
    with depyf.prepare_debug(directory):
        positive, negative = torch.ones(4), -torch.ones(4)
        compiled(positive)
        with functions_entered(directory) as entered:
            got = (compiled(positive), compiled(negative))
    assert torch.allclose(got[0], with_cond(positive)) and torch.allclose(got[1], with_cond(negative))
    (captured,) = dump(directory, "__compiled_fn*Captured_Graph*.py")
    functions = {line for name, line in entered if name == os.path.basename(captured)}
    assert len(functions) == 3  # the graph's forward and both branches' (nested classes in the file)


def test_graph_files_say_which_code_runs(tmp_path):
    directory = str(tmp_path / "dump")
    a = torch.randn(6, requires_grad=True)
    with depyf.prepare_debug(directory):
        torch.compile(calls_torch_functions, backend="aot_eager")(a).backward()
    captured = header(dump(directory, "__compiled_fn*Captured_Graph*.py")[0])
    assert "eager      this file's forward" in captured
    assert "aot_eager  not this file" in captured
    assert "inductor   not this file: Inductor's output code runs" in captured and "kernel_*.py" in captured
    for stage in ("Forward_graph", "Backward_graph"):
        text = header(dump(directory, "__compiled_fn*%s*.py" % stage)[0])
        assert "aot_eager  this file's forward" in text
        assert "inductor   not this file" in text
    for stage in ("Joint_graph", "pre_insert_deferred_runtime_asserts", "tensorify_python_scalars"):
        assert "a snapshot for reading; no backend runs this file" in header(dump(directory, "*%s*.py" % stage)[0])


def test_graph_not_shown_equal_keeps_fx_code_and_says_why(tmp_path, monkeypatch):
    monkeypatch.setattr(graph_running, "difference", lambda made, reference: "a made-up difference")
    directory = str(tmp_path / "dump")
    x = torch.randn(6)
    compiled = torch.compile(calls_torch_functions, backend="eager")
    with depyf.prepare_debug(directory):
        with functions_entered(directory) as entered:
            got = compiled(x)
    assert torch.allclose(got, calls_torch_functions(x))
    assert stages_entered(entered) == set()
    text = header(dump(directory, "__compiled_fn*Captured_Graph*.py")[0])
    assert "FX's own generated code runs instead of this file's" in text
    assert "forward: a made-up difference" in text


def test_backward_compiled_first_under_debug_runs_from_its_file(tmp_path, monkeypatch):
    """AOTAutograd compiles the backward graph at the first backward call; when
    that happens under depyf.debug() it still runs from the dumped file."""
    monkeypatch.setattr(sys, "breakpointhook", lambda *args, **kwargs: None)
    directory = str(tmp_path / "dump")
    a, b = torch.randn(6, requires_grad=True), torch.randn(6)
    compiled = torch.compile(lambda a, b: torch.sin(a) * b, backend="aot_eager")
    with depyf.prepare_debug(directory):
        compiled(a, b)  # forward only
    with depyf.debug():
        with functions_entered(directory) as entered:
            compiled(a, b).sum().backward()
    assert torch.allclose(a.grad, torch.cos(a) * b)
    assert stages_entered(entered) == {"Forward_graph", "Backward_graph"}


def test_interpreter_subclasses_keep_running_node_by_node(tmp_path):
    # prepare_debug runs a plain fx.Interpreter's graph through its forward (torch 2.9's
    # aot_eager interprets graphs); a subclass that does its own work per node keeps it.
    class CountingInterpreter(torch.fx.Interpreter):
        nodes = 0

        def run_node(self, node):
            CountingInterpreter.nodes += 1
            return super().run_node(node)

    graph_module = torch.fx.symbolic_trace(lambda x: torch.sin(x) + 1)
    arguments = [torch.ones(3)]
    with depyf.prepare_debug(str(tmp_path / "dump")):
        result = CountingInterpreter(graph_module).boxed_run(arguments)
    assert CountingInterpreter.nodes > 0 and arguments == []
    assert torch.equal(result, torch.sin(torch.ones(3)) + 1)
