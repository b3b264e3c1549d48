"""Dynamo's transformed code as a source file whose code is what runs.

Dynamo accepts a replacement code object from a bytecode hook only if its
argument names, free variables and cell variables are exactly those of the
original function. The decompiled source is rendered readably (see
depyf.explain.readable), shaped to guarantee those names (free variables
come from an enclosing function, cell variables from a nested one that is
never run), compiled from the dump file, and given back to Dynamo.

Names a person can use and that stay the same from run to run:
- the compiled graphs appear under their short names (`__compiled_fn_1`);
  the code compiled from the file loads Dynamo's real global (whose name
  carries a per-process uuid) by renaming the name in the code object only;
- constants with no literal form (code objects, the module's globals, ...)
  are handed to the code as globals named after what they are, or, for the
  frame's own globals, read with `globals()`.
"""

from __future__ import annotations

import dataclasses
import re
import types
from typing import Any, Dict, Optional

from depyf.decompiler import Decompiler
from depyf.explain.dump_files import stem, write_unique
from depyf.explain.readable import Hints, render_generated
from depyf.utils import find_code_named

# What the decompiler writes for a constant with no literal form (its co_consts index).
OPAQUE_NAME = re.compile(r"\b__depyf_opaque_(\d+)\b")
# Globals whose names differ from process to process, and what is shown instead:
# `__compiled_fn_3_<uuid>` (newer torch appends a uuid to graph names) and
# `<prefix>_<id(value)>_c<compile id>` (Dynamo's install_global_by_id, e.g.
# `___module_collections_139640240737552_c0`).
_PER_PROCESS_NAMES = (
    re.compile(r"^(__compiled_fn_\d+)_[0-9a-f]{8}(?:_[0-9a-f]{4}){3}_[0-9a-f]{12}$"),
    re.compile(r"^(.+)_\d{6,}(_c\d+)$"),
)


@dataclasses.dataclass
class TransformedCode:
    path: str  # the dump file
    code: Optional[types.CodeType]  # compiled from the file; None when Dynamo's own code must run
    problem: str = ""  # why the file's code is not the running code
    readable: bool = False  # rendered readably (else the exact decompilation)
    not_readable_because: str = ""


def _argument_names(code: types.CodeType) -> tuple:
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & 0x04) + bool(code.co_flags & 0x08)  # *args, **kwargs
    return code.co_varnames[:count]


def _indent(text: str, prefix: str = "    ") -> str:
    return "".join(prefix + line if line.strip() else line for line in text.splitlines(True))


def _declare_nonlocal(function_source: str, names: tuple) -> str:
    """The def with `nonlocal NAMES` as the first statement of its body (merged into a
    nonlocal statement already there): each name is then a free variable of the
    function, used or not, as in Dynamo's code."""
    lines = function_source.rstrip("\n").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("def ", "async def ")))
    body = start + 1
    while not lines[body].strip():
        body += 1
    indent = lines[body][: len(lines[body]) - len(lines[body].lstrip())]
    declared: list = []
    if lines[body].strip().startswith("nonlocal "):
        declared = [n.strip() for n in lines[body].strip()[len("nonlocal ") :].split("#")[0].split(",")]
        del lines[body]
    merged = declared + [name for name in names if name not in declared]
    lines.insert(body, "%snonlocal %s  # the free variables of Dynamo's code" % (indent, ", ".join(merged)))
    return "\n".join(lines) + "\n"


def shaped_source(function_source: str, name: str, reference: types.CodeType) -> str:
    """The def, plus what makes its free and cell variables those of `reference`."""
    if reference.co_freevars:
        function_source = _declare_nonlocal(function_source, reference.co_freevars)
    lines = [function_source.rstrip("\n")]
    if reference.co_cellvars:
        # Never run (the compiler drops `if False:` bodies) but seen by the
        # symbol table: these names become cells of the function.
        lines.append("    if False:  # makes these names cells, as in Dynamo's code")
        lines.append("        def __depyf_cell_owner():")
        lines.append("            return (%s,)" % ", ".join(reference.co_cellvars))
    source = "\n".join(lines) + "\n"
    if not reference.co_freevars:
        return source
    # Free variables need an enclosing function that owns them.
    outer = ["def __depyf_closure_of_%s():" % name]
    outer += ["    %s = None" % free for free in reference.co_freevars]
    outer.append(_indent(source).rstrip("\n"))
    outer.append("    return %s" % name)
    return "\n".join(outer) + "\n"


def _mismatch(made: types.CodeType, reference: types.CodeType) -> str:
    for what, mine, theirs in (
        ("argument names", _argument_names(made), _argument_names(reference)),
        ("free variables", made.co_freevars, reference.co_freevars),
        ("cell variables", made.co_cellvars, reference.co_cellvars),
    ):
        if mine != theirs:
            return "%s differ: %r vs Dynamo's %r" % (what, mine, theirs)
    return ""


def _header(reference: types.CodeType, notes: list) -> str:
    where = "%s:%s" % (reference.co_filename, reference.co_firstlineno)
    lines = [
        "# Dynamo's transformed code for %s (%s), decompiled by depyf."
        % (getattr(reference, "co_qualname", reference.co_name), where)
    ]
    return "\n".join(lines + ["# " + note for note in notes]) + "\n"


def with_names_of_globals(code: types.CodeType, names: Dict[str, str]) -> types.CodeType:
    """`code` (and the code objects inside it) loading the globals in `names` under their
    mapped names: the file shows `__compiled_fn_1`, the code loads Dynamo's real global."""
    consts = tuple(with_names_of_globals(c, names) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_names=tuple(names.get(n, n) for n in code.co_names), co_consts=consts)


def short_graph_names(code: types.CodeType) -> Dict[str, str]:
    """{a global name `code` loads that differs from process to process: its stable short form}.
    Two names never share a short form (the code compiled from the file maps them back)."""
    found: Dict[str, str] = {}

    def visit(inner: types.CodeType) -> None:
        for name in inner.co_names:
            for pattern in _PER_PROCESS_NAMES:
                match = pattern.match(name)
                if match and name not in found:
                    found[name] = "".join(match.groups())
                    break
        for constant in inner.co_consts:
            if isinstance(constant, types.CodeType):
                visit(constant)

    visit(code)
    taken = set(code.co_names) - set(found)
    result: Dict[str, str] = {}
    for long_name, short in found.items():  # in the order the code names them: the same every run
        candidate, count = short, 1
        while candidate in taken:
            count += 1
            candidate = "%s_%d" % (short, count)
        taken.add(candidate)
        result[long_name] = candidate
    return result


def _constant_name(value: Any, frame_globals: Optional[Dict[str, Any]]) -> str:
    """A stable name for a constant with no literal form: what it is, and where
    that name is already taken in the module by something else, a counter."""
    if isinstance(value, types.CodeType):
        base = "__code_" + value.co_name
    else:
        qualified = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
        base = "__const_" + (qualified if isinstance(qualified, str) else type(value).__name__)
    base = re.sub(r"\W", "_", base)
    name, count = base, 1
    while frame_globals is not None and name in frame_globals and frame_globals[name] is not value:
        count += 1
        name = "%s_%d" % (base, count)
    return name


def _readable_or_exact(source: str, hints: Optional[Hints]) -> "tuple[str, bool, str]":
    rendering = render_generated(source, hints)
    return rendering.source, rendering.rewritten, rendering.problem


def dump_transformed_code(
    new_code: types.CodeType,
    reference: types.CodeType,
    path_template: str,
    frame_globals: Optional[Dict[str, Any]],
    hints: Optional[Hints] = None,
) -> TransformedCode:
    """Decompiles `new_code` into a file from `path_template` (one ``%s``) and
    compiles it back; the result's `code` is None when it cannot replace Dynamo's."""
    placeholder = "__depyf_placeholder__"
    try:
        body_source = Decompiler(new_code).decompile(overwite_fn_name=placeholder)
    except Exception as error:  # noqa: BLE001 - DecompilationError or anything unexpected
        problem = "depyf could not decompile it (%s); Dynamo's own bytecode runs." % error
        import dis
        import io

        listing = io.StringIO()
        dis.dis(new_code, file=listing)
        text = _header(reference, [problem]) + "".join("# " + line + "\n" for line in listing.getvalue().splitlines())
        path = write_unique(path_template, lambda _path: text)
        return TransformedCode(path, None, problem)

    # Constants with no literal form reach the code as globals of its module
    # (or, for the module's own namespace, through globals()).
    opaque: Dict[str, Any] = {}

    def rename(match: "re.Match[str]") -> str:
        index = int(match.group(1))
        value = new_code.co_consts[index]
        if frame_globals is not None and value is frame_globals:
            return "globals()"
        name = _constant_name(value, frame_globals)
        while name in opaque and opaque[name] is not value:
            name += "_"
        opaque[name] = value
        return name

    body_source = OPAQUE_NAME.sub(rename, body_source)
    graph_names = short_graph_names(new_code)
    for long_name, short_name in graph_names.items():
        body_source = re.sub(r"\b%s\b" % long_name, short_name, body_source)
    body_source, readable, not_readable = _readable_or_exact(body_source, hints)

    def content_for(path: str) -> str:
        name = stem(path)
        notes = ["This file's code is what runs: breakpoints set here are hit."]
        if readable:
            notes.append("Rendered for reading (docs/reading-a-dump.md): same behaviour as Dynamo's bytecode.")
        else:
            notes.append(
                "Exactly as Dynamo's bytecode does it (the readable rendering did not apply: %s)." % not_readable
            )
        if opaque:
            notes.append("Constants with no literal form, provided as globals of the module:")
            notes.extend("  %s = %s" % (key, _short_repr(value)) for key, value in opaque.items())
        source = body_source.replace(placeholder, name, 1)
        return _header(reference, notes) + shaped_source(source, name, reference)

    path = write_unique(path_template, content_for)
    name = stem(path)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    result = TransformedCode(path, None, readable=readable, not_readable_because=not_readable)
    try:
        module_code = compile(text, path, "exec", dont_inherit=True)
    except SyntaxError as error:
        result.problem = "the decompiled source does not compile (%s); Dynamo's own bytecode runs." % error
        return result
    made = find_code_named(module_code, name)
    if made is None:
        result.problem = "no function %s in the compiled file" % name
        return result
    result.problem = _mismatch(made, reference)
    if result.problem:
        result.problem += "; Dynamo's own bytecode runs."
        return result
    if opaque:
        if frame_globals is None:
            result.problem = "the function's globals were not found for its constants"
            return result
        frame_globals.update(opaque)
    result.code = with_names_of_globals(made, {short: long for long, short in graph_names.items()})
    return result


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = "<%s>" % type(value).__name__
    text = re.sub(r" at 0x[0-9a-f]+", "", text.replace("\n", " "))  # addresses differ from run to run
    return text if len(text) <= 80 else text[:77] + "..."
