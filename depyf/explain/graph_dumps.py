"""FX graphs (Dynamo's captured graph, AOTAutograd's joint/forward/backward
graphs, Inductor's snapshots) written as readable Python, each file saying at
its top which code runs; the graphs whose forward a backend runs run from
their file, so breakpoints in them are hit.

The file's forward is compiled from the file and put into the GraphModule's
own `forward` function (`__code__` only: FX's globals, defaults and name
stay), after checking that it does what FX's generated code does
(equivalent_code.difference: the same instructions modulo line numbers and
the two call forms of `torch.f(...)`). Where the check fails FX's code keeps
running and the file says why at its top.

A backend may recompile a graph after it was dumped: aot_eager's boxed_nop
switches it to the boxed calling convention (`forward(self, args_list)`,
which reads its arguments from one list and clears it so they can be freed
early). Then the file's forward is compiled again in that convention: FX's
argument unpacking is put in front of the file's body, on the `def` line,
and the result is checked against FX's new code the same way.
"""

from __future__ import annotations

import ast
import os
import threading
import types
import weakref
from typing import Any, Dict, List, Optional, Tuple

from depyf.explain.dump_files import write_unique
from depyf.explain.equivalent_code import difference

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

# GraphModule -> the file its forward runs from, for graphs recompiled later.
_running_from: "weakref.WeakKeyDictionary[Any, str]" = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def dump_graph(dump_dir: str, owner: str, stage: str, graph_module: Any) -> Optional[str]:
    try:
        str(graph_module)  # lazy graph modules write their code on first use
        body = graph_module.print_readable(print_output=False)
        # Graphs built from lambdas print as `class <lambda>`.
        body = body.replace("class <lambda>(", "class GraphModule(")
    except Exception:  # noqa: BLE001 - not a printable GraphModule
        return None
    runs = stage == _CAPTURED or stage in _AOT
    problems: List[str] = []
    if runs:
        problems = _replacements(graph_module, _PRELUDE + body, "<graph>")[1]
    text = _header(owner, stage, problems) + _PRELUDE + body
    path = write_unique(os.path.join(dump_dir, "%s.%s.%%s.py" % (owner, stage)), lambda _p: text)
    if runs:
        _run_from_file(graph_module, text, path)
    return path


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
            "             cleared once read (so they can be freed early); that unpacking runs on the def line",
            "  inductor   not this file: Inductor's output code runs, %s.kernel_*.py" % owner,
        ]
    else:
        note = _SNAPSHOT_NOTES.get(stage, "the graph at one step of compiling it")
        lines = [
            "%s.%s: a snapshot of %s." % (owner, stage, note),
            "It is for reading: no backend runs this file. The graphs that run as Python are in",
            "%s.Captured_Graph (eager) and %s.Forward_graph/Backward_graph (aot_eager)." % (owner, owner),
        ]
    if problems:
        lines.append("But here FX's own generated code runs, not this file's: depyf could not show them equal")
        lines.extend("  (%s)" % problem for problem in problems)
    return "".join("# %s\n" % line for line in lines)


# ---- which forward functions the file replaces ------------------------------------------------


def _generated_forward(graph_module: Any) -> Optional[types.FunctionType]:
    """The forward FX generated for this GraphModule's own class (each GraphModule
    has one), or None, e.g. while a lazy GraphModule still has the shared
    `_lazy_forward` there."""
    forward = type(graph_module).__dict__.get("forward")
    if not isinstance(forward, types.FunctionType) or forward.__qualname__ != "forward":
        return None
    return forward


def _graph_modules(graph_module: Any, prefix: str = "") -> List[Tuple[str, Any]]:
    """The module and its nested GraphModules (higher-order ops' subgraphs), by the
    dotted class path print_readable gives them."""
    import torch.fx

    found = [(prefix, graph_module)]
    for name, child in graph_module.named_children():
        if isinstance(child, torch.fx.GraphModule):
            str(child)  # a lazy child writes its code now
            found.extend(_graph_modules(child, prefix + "." + name if prefix else name))
    return found


def _forward_codes(code: types.CodeType, prefix: str = "", top: bool = True) -> Dict[str, types.CodeType]:
    """Each class body's `forward` code in a compiled dump, keyed by the dotted
    class path below the file's top class ('' for the top class itself)."""
    found: Dict[str, types.CodeType] = {}
    for const in code.co_consts:
        if not isinstance(const, types.CodeType) or const.co_name == "forward":
            continue
        inner = {c.co_name: c for c in const.co_consts if isinstance(c, types.CodeType)}
        if "forward" not in inner:
            continue  # not a class body holding a graph
        key = "" if top else (prefix + "." + const.co_name if prefix else const.co_name)
        found[key] = inner["forward"]
        found.update(_forward_codes(const, key, top=False))
        if top:
            break  # the file's first class is the graph
    return found


def _replacements(
    graph_module: Any, text: str, filename: str, tree: Optional[ast.Module] = None
) -> Tuple[List[Tuple[types.FunctionType, types.CodeType]], List[str]]:
    """(forward function, the file's code for it) for every graph module whose
    code the file's provably does, and why the others' cannot run from the file."""
    try:
        compiled = compile(tree if tree is not None else text, filename, "exec", dont_inherit=True)
        codes = _forward_codes(compiled)
    except SyntaxError as error:
        return [], ["the file does not compile: %s" % error]
    pairs: List[Tuple[types.FunctionType, types.CodeType]] = []
    problems: List[str] = []
    for name, module in _graph_modules(graph_module):
        label = name or "forward"
        forward = _generated_forward(module)
        code = codes.get(name)
        if forward is None or code is None:
            problems.append("%s: %s" % (label, "no generated forward" if forward is None else "not in the file"))
            continue
        problem = difference(code, forward.__code__)
        if problem is not None:
            problems.append("%s: %s" % (label, problem))
            continue
        pairs.append((forward, code))
    return pairs, problems


def _install(pairs: List[Tuple[types.FunctionType, types.CodeType]]) -> None:
    for forward, code in pairs:
        # Keep FX's flags: the file's `from __future__ import annotations`
        # bit only says how it was compiled.
        forward.__code__ = code.replace(co_flags=forward.__code__.co_flags)


def _run_from_file(graph_module: Any, text: str, path: str) -> None:
    pairs, _problems = _replacements(graph_module, text, path)
    _install(pairs)
    if _includes_top(pairs, graph_module):
        with _lock:
            _running_from[graph_module] = path


def _includes_top(pairs: List[Tuple[types.FunctionType, types.CodeType]], graph_module: Any) -> bool:
    forward = _generated_forward(graph_module)
    return forward is not None and any(function is forward for function, _code in pairs)


# ---- recompiled after the dump ------------------------------------------------------------------


def graph_changed(graph_module: Any, copied_from: Any = None) -> None:
    """Called after FX recompiles a GraphModule, or deep-copies one (then
    `copied_from` is the original): one that ran from its dump runs from it
    again, if the file's code still does what FX's new code does (unchanged,
    or only the calling convention changed)."""
    if copied_from is not None:
        with _lock:
            path = _running_from.get(copied_from)
        if path is None:
            return
        str(graph_module)  # a lazy copy writes its code now
        with _lock:
            _running_from[graph_module] = path
    with _lock:
        path = _running_from.get(graph_module)
    if path is None:
        return
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return
    pairs, _problems = _replacements(graph_module, text, path)
    if not _includes_top(pairs, graph_module):
        tree = _in_new_calling_convention(graph_module, text)
        if tree is not None:
            pairs, _problems = _replacements(graph_module, text, path, tree)
    _install(pairs)
    if not _includes_top(pairs, graph_module):
        with _lock:
            _running_from.pop(graph_module, None)


def _top_forward(tree: ast.Module, in_class: bool) -> Optional[ast.FunctionDef]:
    for node in tree.body:
        if in_class and isinstance(node, ast.ClassDef):
            found = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "forward"]
            return found[0] if found else None
        if not in_class and isinstance(node, ast.FunctionDef) and node.name == "forward":
            return node
    return None


def _stored_names(statement: ast.stmt) -> set:
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def _in_new_calling_convention(graph_module: Any, text: str) -> Optional[ast.Module]:
    """The file's module with its top forward taking FX's new arguments: FX's
    new prologue (statements before a body that is the file's) in front of
    the file's body, on the file's def line. None unless the prologue only
    binds the file's arguments (and its own helper names) - a calling
    convention, not a change of what the graph computes."""
    try:
        tree = ast.parse(text)
        fx_tree = ast.parse(graph_module.code)
    except (SyntaxError, AttributeError):
        return None
    mine, theirs = _top_forward(tree, in_class=True), _top_forward(fx_tree, in_class=False)
    if mine is None or theirs is None:
        return None
    extra = len(theirs.body) - len(mine.body)
    if extra <= 0:
        return None
    prologue = theirs.body[:extra]
    parameters = [arg.arg for arg in mine.args.posonlyargs + mine.args.args][1:]  # without self
    new_parameters = {arg.arg for arg in theirs.args.posonlyargs + theirs.args.args[1:]}
    bound = set().union(*(_stored_names(statement) for statement in prologue))
    body_names = set().union(*({n.id for n in ast.walk(s) if isinstance(n, ast.Name)} for s in mine.body))
    helpers = bound - set(parameters)
    if not set(parameters) <= bound or helpers & body_names or new_parameters & body_names:
        return None
    for statement in prologue:
        for node in ast.walk(statement):
            if "lineno" in node._attributes:
                node.lineno = node.end_lineno = mine.lineno
                node.col_offset = node.end_col_offset = mine.col_offset
    mine.args = theirs.args
    mine.body = prologue + mine.body
    return tree
