"""Dynamo's transformed code as a source file whose code is what runs.

Dynamo accepts a replacement code object from a bytecode hook only if its
argument names, free variables and cell variables are exactly those of the
original function. The decompiled source is shaped to guarantee that (free
variables come from an enclosing function, cell variables from a nested one
that is never run), compiled from the dump file, and constants with no
literal form are handed to the code through uniquely named globals.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import types
from typing import Any, Dict, Optional

from depyf.decompiler import Decompiler
from depyf.explain.dump_files import stem, write_unique

_OPAQUE = re.compile(r"\b__depyf_opaque_(\d+)\b")
_unique = itertools.count()


@dataclasses.dataclass
class TransformedCode:
    path: str  # the dump file
    code: Optional[types.CodeType]  # compiled from the file; None when Dynamo's own code must run
    problem: str = ""  # why the file's code is not the running code


def _argument_names(code: types.CodeType) -> tuple:
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & 0x04) + bool(code.co_flags & 0x08)  # *args, **kwargs
    return code.co_varnames[:count]


def _indent(text: str, prefix: str = "    ") -> str:
    return "".join(prefix + line if line.strip() else line for line in text.splitlines(True))


def _shaped_source(function_source: str, name: str, reference: types.CodeType) -> str:
    """The def, plus what makes its free and cell variables those of `reference`."""
    lines = [function_source.rstrip("\n")]
    if reference.co_cellvars:
        # Never run (the compiler drops `if False:` bodies) but seen by the
        # symbol table: these names become cells of the function.
        lines.append("    if False:")
        lines.append("        def __depyf_cell_owner():")
        lines.append("            return (%s,)" % ", ".join(reference.co_cellvars))
    if reference.co_freevars:
        lines.append("    if False:")
        lines.append("        (%s,)" % ", ".join(reference.co_freevars))
    source = "\n".join(lines) + "\n"
    if not reference.co_freevars:
        return source
    # Free variables need an enclosing function that owns them.
    outer = ["def __depyf_closure_of_%s():" % name]
    outer += ["    %s = None" % free for free in reference.co_freevars]
    outer.append(_indent(source).rstrip("\n"))
    outer.append("    return %s" % name)
    return "\n".join(outer) + "\n"


def _find_code(code: types.CodeType, name: str) -> Optional[types.CodeType]:
    if code.co_name == name:
        return code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            found = _find_code(constant, name)
            if found is not None:
                return found
    return None


def _mismatch(made: types.CodeType, reference: types.CodeType) -> str:
    for what, mine, theirs in (
        ("argument names", _argument_names(made), _argument_names(reference)),
        ("free variables", made.co_freevars, reference.co_freevars),
        ("cell variables", made.co_cellvars, reference.co_cellvars),
    ):
        if mine != theirs:
            return "%s differ: %r vs Dynamo's %r" % (what, mine, theirs)
    return ""


def _header(reference: types.CodeType, note: str) -> str:
    where = "%s:%s" % (reference.co_filename, reference.co_firstlineno)
    return "# Dynamo's transformed code for %s (%s), decompiled by depyf.\n# %s\n" % (
        reference.co_qualname if hasattr(reference, "co_qualname") else reference.co_name,
        where,
        note,
    )


def dump_transformed_code(
    new_code: types.CodeType,
    reference: types.CodeType,
    path_template: str,
    frame_globals: Optional[Dict[str, Any]],
) -> TransformedCode:
    """Decompiles `new_code` into a file from `path_template` (one ``%s``) and
    compiles it back; the result's `code` is None when it cannot replace Dynamo's."""
    try:
        body_source = Decompiler(new_code).decompile(overwite_fn_name="__depyf_placeholder__")
    except Exception as error:  # noqa: BLE001 - DecompilationError or anything unexpected
        problem = "depyf could not decompile it (%s); Dynamo's own bytecode runs." % error
        import dis
        import io

        listing = io.StringIO()
        dis.dis(new_code, file=listing)
        text = _header(reference, problem) + "".join("# " + line + "\n" for line in listing.getvalue().splitlines())
        path = write_unique(path_template, lambda _path: text)
        return TransformedCode(path, None, problem)

    # Constants with no literal form reach the code as globals of its
    # module, under names no one else uses.
    token = "%d_%d" % (id(new_code) % 100000, next(_unique))
    opaque: Dict[str, Any] = {}

    def rename(match: "re.Match[str]") -> str:
        index = int(match.group(1))
        name = "__depyf_const_%s_%d" % (token, index)
        opaque[name] = new_code.co_consts[index]
        return name

    body_source = _OPAQUE.sub(rename, body_source)

    def content_for(path: str) -> str:
        name = stem(path)
        note = "This file's code is what runs: breakpoints set here are hit."
        if opaque:
            note += "\n# Constants with no literal form, provided as globals: " + ", ".join(
                "%s = %s" % (key, _short_repr(value)) for key, value in opaque.items()
            )
        source = body_source.replace("__depyf_placeholder__", name, 1)
        return _header(reference, note) + _shaped_source(source, name, reference)

    path = write_unique(path_template, content_for)
    name = stem(path)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        module_code = compile(text, path, "exec", dont_inherit=True)
    except SyntaxError as error:
        problem = "the decompiled source does not compile (%s); Dynamo's own bytecode runs." % error
        return TransformedCode(path, None, problem)
    made = _find_code(module_code, name)
    if made is None:
        return TransformedCode(path, None, "no function %s in the compiled file" % name)
    problem = _mismatch(made, reference)
    if problem:
        return TransformedCode(path, None, problem + "; Dynamo's own bytecode runs.")
    if opaque:
        if frame_globals is None:
            return TransformedCode(path, None, "the function's globals were not found for its constants")
        frame_globals.update(opaque)
    return TransformedCode(path, made)


def _short_repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = "<%s>" % type(value).__name__
    text = text.replace("\n", " ")
    return text if len(text) <= 80 else text[:77] + "..."
