"""FX graphs (Dynamo's captured graph, AOTAutograd's joint/forward/backward
graphs, Inductor's snapshots) written as readable Python, each file saying at
its top which code runs. The graphs whose forward a backend may run
(Captured_Graph, Forward_graph, Backward_graph) run from their file, so
breakpoints in them are hit (graph_running); where the file's code cannot be
shown to do what FX's does, FX's keeps running and the file says why."""

from __future__ import annotations

import os
import textwrap
from typing import Any, Dict, List, Optional

from depyf.explain import graph_running, torch_compat
from depyf.explain.dump_files import write_unique

_PRELUDE = "from __future__ import annotations\nimport torch\nfrom torch import device\n"

# Stages whose forward a backend may run as Python; the others are snapshots.
_CAPTURED = "Captured_Graph"
_AOT = ("Forward_graph", "Backward_graph")
_SNAPSHOT_NOTES = {
    "pre_insert_deferred_runtime_asserts": "Dynamo's graph before it inserts the runtime checks of symbolic shapes",
    "tensorify_python_scalars": "the graph after AOTAutograd turns Python scalars into tensors",
    "Joint_graph": "AOTAutograd's joint forward+backward graph, before it is split into Forward_graph and "
    "Backward_graph",
    "BEFORE_PRE_GRAD": "Inductor's input graph, before its pre-grad passes",
    "AFTER_POST_GRAD": "the graph Inductor lowers to its output code, after its post-grad passes",
}


def may_run(stage: str, backend: Optional[str]) -> bool:
    """Whether `backend` may run this stage's forward as Python, so that its file
    is worth matching against FX's code (None: a backend not known here, such as
    a user's function, may run any of them)."""
    if backend == "aot_eager":
        return stage in _AOT
    if backend == "inductor":
        return False  # Inductor's output code runs, from its kernel_*.py file
    return stage == _CAPTURED or stage in _AOT


def dump_graph(
    dump_dir: str,
    owner: str,
    stage: str,
    graph_module: Any,
    print_options: Optional[Dict[str, bool]] = None,
    backend: Optional[str] = None,
) -> Optional[str]:
    """`print_options` go to print_readable (torch_compat.cached_text_options: the
    text a compile cache keeps of this stage, so that a cache hit dumps the same).
    `backend`: the torch.compile backend compiling it, when known (see may_run)."""
    try:
        # print_readable does not make a lazy graph module write its code.
        body = graph_module.print_readable(print_output=False, **(print_options or {}))
    except Exception:  # noqa: BLE001 - not a printable GraphModule
        return None
    if print_options is not None:
        # PyTorch prints this text again next, for its cache: it gets this one.
        torch_compat.reuse_printed_text(graph_module, print_options, body)
    if not may_run(stage, backend):
        # Matching would write a lazy graph's code only to unwrite it again.
        return dump_graph_text(dump_dir, owner, stage, body)
    # Matching FX's code makes a lazy graph module write it now, which would
    # change its AOTAutograd cache key: it is left unwritten again after.
    with torch_compat.keep_lazy_graphs_unwritten(graph_module):
        try:
            str(graph_module)  # lazy graph modules write their code on first use
        except Exception:  # noqa: BLE001
            return None
        text = _text(owner, stage, [], body)
        template = _template(dump_dir, owner, stage)
        # Compiled once, before the file exists; the code is what compiling the
        # file gives, once it carries the file's name.
        codes, problem = graph_running.compile_forwards(text, "<graph>")
        pairs, problems = graph_running.match(graph_module, codes)
        if problem or problems:
            text = _text(owner, stage, [problem] if problem else problems, body)
        path = write_unique(template, lambda _p: text)
        if problem or problems:
            codes, _problem = graph_running.compile_forwards(text, path)
            pairs, _problems = graph_running.match(graph_module, codes)
        else:
            codes = {name: graph_running.with_filename(code, path) for name, code in codes.items()}
        graph_running.run_from_file(graph_module, path, codes, pairs)
    return path


def dump_graph_text(dump_dir: str, owner: str, stage: str, body: str) -> str:
    """Writes a graph's print_readable text, from a GraphModule or as a compile cache kept it."""
    text = _text(owner, stage, [], body)
    return write_unique(_template(dump_dir, owner, stage), lambda _p: text)


def _template(dump_dir: str, owner: str, stage: str) -> str:
    return os.path.join(dump_dir, "%s.%s.%%s.py" % (owner, stage))


def _text(owner: str, stage: str, problems: List[str], body: str) -> str:
    # Graphs built from lambdas print as `class <lambda>`.
    return _header(owner, stage, problems) + _PRELUDE + body.replace("class <lambda>(", "class GraphModule(")


def _header(owner: str, stage: str, problems: List[str]) -> str:
    if stage == _CAPTURED:
        lines = [
            "%s.%s: the FX graph Dynamo captured from your code, as the backend receives it." % (owner, stage),
            "Which code runs depends on the backend:",
            "  eager      this file's forward, compiled from this file: breakpoints here are hit",
            "  aot_eager  not this file: AOTAutograd traces the graph into %s.Forward_graph/Backward_graph" % owner,
            "  inductor   not this file: Inductor's output code runs, %s.kernel_*.py" % owner,
        ]
    elif stage in _AOT:
        kind = "forward" if stage == _AOT[0] else "backward"
        lines = [
            "%s.%s: AOTAutograd's %s graph." % (owner, stage, kind),
            "Which code runs depends on the backend:",
            "  aot_eager  this file's forward, compiled from this file: breakpoints here are hit. aot_eager",
            "             calls it boxed, as forward(self, args_list): the arguments come in one list that is",
            "             cleared once read (so they can be freed early); that unpacking runs on the line",
            "             of the first statement, before it (torch 2.9 unpacks the list before the call)",
            "  inductor   not this file: Inductor's output code runs, %s.kernel_*.py" % owner,
        ]
    else:
        note = _SNAPSHOT_NOTES.get(stage, "the graph at one step of compiling it")
        lines = ["%s.%s: a snapshot for reading; no backend runs this file." % (owner, stage)]
        lines += textwrap.wrap("It is %s." % note, 96, subsequent_indent="  ")
        lines.append("The graphs that run as Python: Captured_Graph (eager), Forward_graph/Backward_graph (aot_eager).")
    if problems:
        lines.append("But FX's own generated code runs instead of this file's for the forward functions below:")
        lines.append("depyf could not show that they do the same thing.")
        lines.extend("  %s" % problem for problem in problems)
    return "".join("# %s\n" % line for line in lines)
