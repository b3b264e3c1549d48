"""Graph breaks are filed under the frame Dynamo was compiling when it met
them - a resume function's breaks under the resume function, a break inside
an inlined call under the caller being compiled - and each keeps the user's
source location (file, line, function, the line's text)."""

from __future__ import annotations

import glob
import os
import re
import types

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain import torch_compat  # noqa: E402
from depyf.explain.enable_debugging import active_session  # noqa: E402
from depyf.explain.graph_breaks import user_function_name  # noqa: E402
from depyf.explain.session import DebugSession  # noqa: E402

HERE = os.path.abspath(__file__)


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


def line_of(text: str) -> int:
    """The line of this file holding `text` (so the tests survive edits above them)."""
    with open(HERE, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip() == text:
                return number
    raise AssertionError("no line %r" % text)


def helper(x):
    print("break inside helper")
    return x + 1


def two_breaks(x):
    x = x.sin()
    print("first break")
    x = x.cos()
    torch._dynamo.graph_break()
    x = helper(x)
    return x * 2


def breaks_by_code(directory: str, fn, *args) -> tuple:
    """Runs fn compiled inside prepare_debug; ([(code name, graph breaks)], result)."""
    with depyf.prepare_debug(directory):
        result = torch.compile(fn, backend="eager")(*args)
        session = active_session()
        filed = [(c.original.co_name, list(c.graph_breaks)) for c in session.compilations]
    return filed, result


def check_two_breaks(filed: list) -> None:
    by_name = dict(filed)
    assert len(by_name) == len(filed), "one compilation per code object"
    first = line_of('print("first break")')
    second = line_of("torch._dynamo.graph_break()")
    call = line_of("x = helper(x)")
    inner = line_of('print("break inside helper")')

    (brk,) = by_name["two_breaks"]
    assert brk["location"] == {"file": HERE, "line": first, "function": "two_breaks", "source": 'print("first break")'}

    # The second break happened while Dynamo compiled the first resume function.
    (brk,) = by_name["torch_dynamo_resume_in_two_breaks_at_%d" % first]
    assert brk["location"]["line"] == second and brk["location"]["source"] == "torch._dynamo.graph_break()"
    assert brk["location"]["function"] == "two_breaks"  # the user's name, not the resume function's

    # The third, in the inlined helper, is the second resume function's: the
    # frame being compiled comes first, the inlined call after it.
    (brk,) = by_name["torch_dynamo_resume_in_two_breaks_at_%d" % second]
    assert [(f["function"], f["line"]) for f in brk["frames"]] == [("two_breaks", call), ("helper", inner)]
    assert brk["location"]["source"] == 'print("break inside helper")'
    assert brk["user_stack"] == ["%s:%d in two_breaks" % (HERE, call), "%s:%d in helper" % (HERE, inner)]

    # Dynamo then compiles helper as a frame of its own: its break is its own.
    (brk,) = by_name["helper"]
    assert [(f["function"], f["line"]) for f in brk["frames"]] == [("helper", inner)]
    assert by_name["torch_dynamo_resume_in_two_breaks_at_%d" % call] == []


def test_breaks_filed_under_the_frame_being_compiled(tmp_path, monkeypatch):
    boundaries = []
    original = DebugSession.compile_boundary

    def spy(self, which):
        boundaries.append(which)
        original(self, which)

    monkeypatch.setattr(DebugSession, "compile_boundary", spy)
    directory = str(tmp_path / "dump")
    x = torch.randn(4)
    filed, result = breaks_by_code(directory, two_breaks, x)
    assert torch.allclose(result, two_breaks(x))
    check_two_breaks(filed)
    # Dynamo's compile callbacks framed each of the six compiles.
    assert boundaries == ["start", "end"] * len(filed) and len(filed) == 6
    # Every break has a home: none is reported as a frame without compiled code.
    assert not glob.glob(os.path.join(directory, "graph_breaks_without_compiled_code_*.txt"))
    (full_code,) = glob.glob(os.path.join(directory, "full_code_for_two_breaks_*.py"))
    with open(full_code, encoding="utf-8") as handle:
        text = handle.read()
    # Each break is a line linking the user's source: `#   FILE:LINE in FUNCTION: reason`.
    assert len(re.findall(r"^#   \S+test_torch_graph_breaks\.py:\d+ in \w+: ", text, re.M)) == 3, text


def test_breaks_filed_by_name_without_compile_boundaries(tmp_path, monkeypatch):
    # Where Dynamo's compile callbacks are missing (older torch, or reset()
    # inside the block), the first frame of each break's stack decides.
    monkeypatch.setattr(torch_compat, "tap_compile_boundaries", lambda notify: lambda: None)
    x = torch.randn(4)
    filed, result = breaks_by_code(str(tmp_path / "dump"), two_breaks, x)
    assert torch.allclose(result, two_breaks(x))
    check_two_breaks(filed)


class FakeReason:
    def __init__(self, name: str, line: int) -> None:
        self.reason = "fake break in %s" % name
        self.user_stack = [types.SimpleNamespace(filename=HERE, lineno=line, name=name)]


def test_breaks_of_a_compile_without_code_stay_unclaimed(tmp_path, monkeypatch):
    # A compile that ends without code (a frame Dynamo skipped) must not hand
    # its breaks to the next compile of a function with the same name.
    reasons: list = []
    monkeypatch.setattr(torch_compat, "graph_break_reasons", lambda: reasons)
    session = DebugSession(str(tmp_path), log_bytecode=False)
    code = two_breaks.__code__
    skipped, compiled = line_of("x = x.cos()"), line_of("import glob")
    session.compile_boundary("start")
    reasons.append(FakeReason("two_breaks", skipped))
    session.compile_boundary("end")  # no bytecode hook ran: the frame was skipped
    session.compile_boundary("start")
    reasons.append(FakeReason("two_breaks", compiled))
    with session._lock:
        mine = session._graph_breaks_of(code)
    assert [brk["location"]["line"] for brk in mine] == [compiled]
    assert mine[0]["location"]["source"] == "import glob"  # read with linecache
    assert [brk["location"]["line"] for brk in session.unclaimed_graph_breaks] == [skipped]


@pytest.mark.parametrize(
    "code_name, user_name",
    [
        ("f", "f"),
        ("torch_dynamo_resume_in_f_at_12", "f"),
        ("torch_dynamo_resume_in_my_fn_at_3", "my_fn"),
        ("resume_in_forward_at_40", "forward"),  # torch before 2.1
        ("torch_dynamo_resume_in_", "torch_dynamo_resume_in_"),
    ],
)
def test_user_function_name(code_name, user_name):
    assert user_function_name(code_name) == user_name
