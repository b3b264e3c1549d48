"""A breakpoint set in a dumped file from a previous run of a program is hit
when the same program runs again: the user's workflow of running once,
opening the dump in an editor or pdb, and rerunning under depyf.debug().

Two processes run torch_scripts/rerun_program.py with one dump directory:
the first only dumps; the second dumps again (the same program writes the
same files) and then runs under depyf.debug() with pdb reading commands from
stdin, breakpoints set on lines of the first run's files. Each test checks
that pdb stopped at its file and line."""

from __future__ import annotations

import ast
import glob
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("torch")

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_scripts", "rerun_program.py")
def _run(directory: str, mode: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, SCRIPT, directory, mode],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _first_forward_statement(path: str) -> int:
    """The line of the first statement of the graph's forward (the file's first class)."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    graph = next(node for node in tree.body if isinstance(node, ast.ClassDef))
    forward = next(node for node in graph.body if isinstance(node, ast.FunctionDef) and node.name == "forward")
    return forward.body[0].lineno


def _graph_call_line(path: str) -> int:
    """The line of transformed code that calls the compiled graph."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if "__compiled_fn_" in line and "(" in line:
                return number
    raise AssertionError("no graph call in %s" % path)


def _graph_file(directory: str, stage: str, function: str) -> str:
    """The stage file of the first graph compiled for `function` (graphs are
    numbered in compile order; the user stack in the file names the function)."""
    candidates = []
    for path in glob.glob(os.path.join(directory, "__compiled_fn_*.%s.*.py" % stage)):
        with open(path, encoding="utf-8") as handle:
            if " in %s, code: " % function in handle.read():
                number = int(re.search(r"__compiled_fn_(\d+)\.", os.path.basename(path)).group(1))
                candidates.append((number, path))
    assert candidates, "no %s file for %s in %s" % (stage, function, os.listdir(directory))
    return min(candidates)[1]


@pytest.fixture(scope="module")
def rerun(tmp_path_factory):
    """Dumps in one process, then debugs in a second one with breakpoints on
    lines of the first run's files; returns those (file, line) and pdb's output."""
    directory = str(tmp_path_factory.mktemp("rerun") / "dump")
    first = _run(directory, "dump")
    assert first.returncode == 0, first.stderr
    (resume,) = glob.glob(os.path.join(directory, "__transformed_code_0_for_torch_dynamo_resume_in_toy_eager_at_*.py"))
    transformed = os.path.join(directory, "__transformed_code_0_for_toy_eager.py")
    captured = _graph_file(directory, "Captured_Graph", "toy_eager")
    forward = _graph_file(directory, "Forward_graph", "toy_aot_eager")
    backward = _graph_file(directory, "Backward_graph", "toy_aot_eager")
    points = {
        "transformed": (transformed, _graph_call_line(transformed)),
        "resume": (resume, _graph_call_line(resume)),
        "captured": (captured, _first_forward_statement(captured)),
        "forward": (forward, _first_forward_statement(forward)),
        "backward": (backward, _first_forward_statement(backward)),
    }
    before = {path: open(path, encoding="utf-8").read() for path, _line in points.values()}
    commands = "".join("break %s:%d\n" % point for point in points.values()) + "continue\n" * 30
    second = _run(directory, "debug", stdin=commands)
    after = {path: open(path, encoding="utf-8").read() for path in before}
    assert before == after, "the second run changed a file of the first run"
    return points, second


def _assert_stopped_at(rerun, name: str) -> None:
    points, result = rerun
    path, line = points[name]
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "debugged results equal eager" in result.stdout
    assert "%s(%d)" % (path, line) in result.stdout, "pdb never stopped at %s:%d\n%s" % (
        path,
        line,
        result.stdout[-3000:],
    )


def test_breakpoint_in_captured_graph_file_hit_in_rerun(rerun):
    _assert_stopped_at(rerun, "captured")  # eager runs the captured graph's code


def test_breakpoint_in_forward_graph_file_hit_in_rerun(rerun):
    _assert_stopped_at(rerun, "forward")  # aot_eager runs the forward graph's code ...


def test_breakpoint_in_backward_graph_file_hit_in_rerun(rerun):
    _assert_stopped_at(rerun, "backward")  # ... and the backward graph's, on backward()


def test_breakpoint_in_transformed_code_hit_in_rerun(rerun):
    _assert_stopped_at(rerun, "transformed")


def test_breakpoint_in_resume_function_hit_in_rerun(rerun):
    _assert_stopped_at(rerun, "resume")
