"""Running a GraphModule's forward from its dumped file.

The file's forward is compiled from the file and put into the forward
function FX generated for the GraphModule (`__code__` only: FX's globals,
defaults and name stay, so the code looks up exactly the objects FX's code
does), after checking that it does what FX's code does
(equivalent_code.difference: the same instructions modulo line numbers and
the two call forms of `torch.f(...)`). Nested GraphModules (the subgraphs of
higher-order ops such as torch.cond) are printed as nested classes and run
from the same file.

FX may give a GraphModule new code after it was dumped: a backend recompiles
it (aot_eager's boxed_nop switches it to the boxed calling convention,
`forward(self, args_list)`, which reads its arguments from one list and
clears it so they can be freed early), or AOTAutograd deep-copies the
backward graph before compiling it. Such a module runs from its file again
when the file's code does what the new code does; for a new calling
convention, FX's argument unpacking is put in front of the file's body, on
the line of its first statement, and the result checked the same way.
"""

from __future__ import annotations

import ast
import functools
import dataclasses
import dis
import threading
import types
import weakref
from typing import Any, Dict, List, Optional, Tuple

from depyf.explain.equivalent_code import difference

Matches = List[Tuple[types.FunctionType, str]]  # (FX's forward function, dotted class path in the file)


@dataclasses.dataclass
class _FileCode:
    path: str
    codes: Dict[str, types.CodeType]  # the file's forward codes by dotted class path ('' = top class)
    fx_source: str  # FX's source for the top forward when the file was written
    # the last calling-convention variant: (FX's source it matches, its codes)
    variant: Optional[Tuple[str, Dict[str, types.CodeType]]] = None


_running_from: "weakref.WeakKeyDictionary[Any, _FileCode]" = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def compile_forwards(text: str, filename: str) -> Tuple[Dict[str, types.CodeType], Optional[str]]:
    """The forward codes of a dumped graph file's classes, or why there are none."""
    try:
        return _forward_codes(compile(text, filename, "exec", dont_inherit=True)), None
    except (SyntaxError, ValueError) as error:
        return {}, "the file does not compile: %s" % error


def with_filename(code: types.CodeType, filename: str) -> types.CodeType:
    """`code` as compiling the same text under `filename` gives it."""
    consts = tuple(with_filename(c, filename) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def match(graph_module: Any, codes: Dict[str, types.CodeType]) -> Tuple[Matches, List[str]]:
    """(FX's forward function, the class path of the file's code for it) for every
    graph module whose code the file's provably does, and why the others' cannot run from it."""
    pairs: Matches = []
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
        pairs.append((forward, name))
    return pairs, problems


def run_from_file(graph_module: Any, path: str, codes: Dict[str, types.CodeType], pairs: Matches) -> None:
    """Installs the matched codes; a module whose own forward now runs from the file is remembered."""
    _install(pairs, codes)
    fx_source = getattr(graph_module, "code", None)
    if _includes_top(pairs, graph_module) and isinstance(fx_source, str):
        with _lock:
            _running_from[graph_module] = _FileCode(path, codes, fx_source)


def _install(pairs: Matches, codes: Dict[str, types.CodeType]) -> None:
    for forward, name in pairs:
        code = codes[name]
        # Keep FX's flags: the file's `from __future__ import annotations`
        # bit only says how it was compiled.
        forward.__code__ = code.replace(co_flags=forward.__code__.co_flags)


def _includes_top(pairs: Matches, graph_module: Any) -> bool:
    forward = _generated_forward(graph_module)
    return forward is not None and any(function is forward for function, _name in pairs)


# ---- which forward functions a file replaces ---------------------------------------------------


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


# ---- new code after the dump --------------------------------------------------------------------


def graph_changed(graph_module: Any, copied_from: Any = None) -> None:
    """Called after FX recompiles a GraphModule, or deep-copies one (then
    `copied_from` is the original): one that ran from its dump runs from it
    again if the file's code does what FX's new code does."""
    if copied_from is not None:
        with _lock:
            source = _running_from.get(copied_from)
        if source is None:
            return
        str(graph_module)  # a lazy copy writes its code now
        with _lock:
            _running_from[graph_module] = source
    with _lock:
        entry = _running_from.get(graph_module)
    if entry is None:
        return
    codes = entry.codes
    pairs, _problems = match(graph_module, codes)
    if not _includes_top(pairs, graph_module):
        variant = _variant_codes(graph_module, entry)
        if variant is not None:
            codes = variant
            pairs, _problems = match(graph_module, codes)
    _install(pairs, codes)
    if not _includes_top(pairs, graph_module):
        with _lock:
            _running_from.pop(graph_module, None)


def _variant_codes(graph_module: Any, entry: _FileCode) -> Optional[Dict[str, types.CodeType]]:
    fx_source = getattr(graph_module, "code", None)
    top = entry.codes.get("")
    if not isinstance(fx_source, str) or top is None:
        return None
    if entry.variant is not None and entry.variant[0] == fx_source:
        return entry.variant[1]
    try:
        with open(entry.path, encoding="utf-8") as handle:
            text = handle.read()
        variant = _in_new_calling_convention(text, top, entry.fx_source, fx_source)
        codes = compile_forwards(variant, entry.path)[0] if variant is not None else {}
    except (OSError, SyntaxError, ValueError):
        return None
    if "" not in codes:
        return None
    result = dict(entry.codes, **{"": codes[""]})  # nested graphs keep their code
    entry.variant = (fx_source, result)
    return result


def _function_head(lines: List[str]) -> Optional[ast.FunctionDef]:
    """The def at the start of FX's source, up to where old and new code agree
    (not to be changed by the caller: the same head is parsed once)."""
    return _parsed_head("\n".join(lines).strip("\n"))


@functools.lru_cache(maxsize=16)
def _parsed_head(head: str) -> Optional[ast.FunctionDef]:
    # The old signature of a large graph (hundreds of parameters, one per
    # line) comes back after each recompile that changed the prologue.
    try:
        tree = ast.parse(head + "\n    pass\n" if head.rstrip().endswith(":") else head)
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    function = tree.body[0]
    if function.body and isinstance(function.body[-1], ast.Pass):
        function.body.pop()
    function.source = head  # type: ignore[attr-defined]
    return function


def _plain_parameters(function: ast.FunctionDef) -> Optional[List[str]]:
    """Positional parameter names, or None for anything a prologue cannot stand in for."""
    arguments = function.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.defaults:
        return None
    return [arg.arg for arg in arguments.posonlyargs + arguments.args]


def _in_new_calling_convention(text: str, file_code: types.CodeType, old_source: str, new_source: str) -> Optional[str]:
    """The file's text with its top forward taking FX's new parameters, FX's new
    prologue (the statements FX now puts in front of the unchanged body) put on
    the line of the file's first statement, every other line where it was. None
    unless the prologue only binds the old parameters (with helper names the
    body never uses): a calling convention, not a change of what the graph
    computes. That the result does what FX's code does is checked by the caller."""
    old_lines, new_lines = old_source.splitlines(), new_source.splitlines()
    common = 0
    while common < min(len(old_lines), len(new_lines)) and old_lines[-1 - common] == new_lines[-1 - common]:
        common += 1
    old, new = (
        _function_head(old_lines[: len(old_lines) - common]),
        _function_head(new_lines[: len(new_lines) - common]),
    )
    if old is None or new is None or old.body or not new.body:
        return None
    old_parameters, new_parameters = _plain_parameters(old), _plain_parameters(new)
    if old_parameters is None or new_parameters is None or old_parameters[:1] != new_parameters[:1]:
        return None
    bound = {node.id for node in ast.walk(new) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    # Every name the file's body uses is in its code's tables.
    used_by_body = (set(file_code.co_varnames) - set(old_parameters)) | set(file_code.co_names)
    introduced = (bound - set(old_parameters)) | set(new_parameters[1:])
    if not set(old_parameters[1:]) <= bound or introduced & used_by_body:
        return None
    head_lines = new.source.splitlines()  # type: ignore[attr-defined]
    prologue = []
    for statement in new.body:
        if statement.lineno != statement.end_lineno:
            return None
        line = head_lines[statement.lineno - 1].encode("utf-8")  # AST columns count UTF-8 bytes
        prologue.append(line[statement.col_offset : statement.end_col_offset].decode("utf-8"))
    lines = text.splitlines(keepends=True)
    first = file_code.co_firstlineno
    body_lines = [line for _offset, line in dis.findlinestarts(file_code) if line is not None and line > first]
    if not body_lines or min(body_lines) > len(lines):
        return None
    start = min(body_lines)
    indent = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    body_indent = lines[start - 1][: len(lines[start - 1]) - len(lines[start - 1].lstrip())]
    lines[first - 1] = "%sdef forward(%s):\n" % (indent, ", ".join(new_parameters))
    for index in range(first, start - 1):
        lines[index] = "\n"  # the rest of the old signature, and comments
    lines[start - 1] = body_indent + "; ".join(prologue) + "; " + lines[start - 1].lstrip()
    return "".join(lines)
