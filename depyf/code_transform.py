"""``fix_irregular_code``, as the original depyf (0.20) offered it.

Decompiled source of a single function, compiled on its own, does not give a
code object that can stand in for the original when the original was a
closure (its free variables would compile as globals) or had locals or cell
variables its remaining source never mentions (Dynamo's transformed code
keeps the original function's frame layout). ``fix_irregular_code(old_code,
source)`` returns source that compiles to a function with the original's
free variables (the def nested in a helper function that binds them), and at
least its local and cell variables (dummy assignments and a helper closure
added at the top of the body). Find the function in ``compile(result, ...)``
by name, e.g. with ``depyf.utils.collect_all_code_objects``.
"""

from __future__ import annotations

import ast
import keyword
import types
from typing import List, Optional, Sequence, Set

__all__ = ["add_indentation", "fix_irregular_code", "remove_indentation"]


def add_indentation(code: str, indentation: int = 4) -> str:
    """Every non-blank line of `code` indented by `indentation` spaces (the original's helper)."""
    prefix = " " * indentation
    return "".join(prefix + line if line.strip() else line for line in code.splitlines(True))


def remove_indentation(code: str, indentation: int = 4) -> str:
    """Up to `indentation` leading spaces taken off every line (the original's helper)."""
    return "".join(line[min(indentation, len(line) - len(line.lstrip(" "))) :] for line in code.splitlines(True))


_OUTER_HELPER = "__helper_outer_function"
_CELL_HELPER = "__helper_for_cellvars"


def _first_function(tree: ast.Module) -> ast.FunctionDef | ast.AsyncFunctionDef:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return node
    raise ValueError("fix_irregular_code expects the source of a function definition")


def _with_extra_variables(source: str, local_names: Sequence[str], cell_names: Sequence[str]) -> str:
    """`source` with assignments to `local_names` and a closure over `cell_names` at the top of the function body."""
    if not local_names and not cell_names:
        return source
    function = _first_function(ast.parse(source))
    first = function.body[0]
    indent = " " * first.col_offset
    # After a docstring: what precedes it would stop it being the docstring.
    is_docstring = (
        isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
    )
    insert_at = (first.end_lineno or first.lineno) if is_docstring else first.lineno - 1
    added: List[str] = []
    if local_names:
        added.append(
            indent + "; ".join("%s = None" % name for name in local_names) + "  # the original's other local variables"
        )
    if cell_names:
        added.append(indent + "def %s():  # makes the original's cell variables cells here too" % _CELL_HELPER)
        added.append(indent + "    return " + ", ".join(cell_names))
    lines = source.splitlines()
    return "\n".join(lines[:insert_at] + added + lines[insert_at:]) + "\n"


def _inside_closure(source: str, free_names: Sequence[str]) -> str:
    """`source` nested in a helper function that binds `free_names`, so they compile as free variables."""
    lines = ["def %s():" % _OUTER_HELPER]
    lines.append("    # binds the closure's variables; their values come from the real closure when it runs")
    lines.extend("    %s = None" % name for name in free_names)
    lines.extend(("    " + line) if line.strip() else line for line in source.splitlines())
    return "\n".join(lines) + "\n"


def _compiled_function(source: str, name: str) -> types.CodeType:
    from depyf.utils import find_code_named

    code = find_code_named(compile(source, "noname", "exec"), name)
    if code is None:
        raise ValueError("the fixed source defines no function named %r" % name)
    return code


def _writable(names: Set[str]) -> List[str]:
    # (A comprehension's ".0" and other names no source can spell are left out.)
    return sorted(name for name in names if name.isidentifier() and not keyword.iskeyword(name))


def fix_irregular_code(
    old_bytecode: types.CodeType,
    src_code: str,
    add_local_variables: Optional[List[str]] = None,
    add_cellvars: Optional[List[str]] = None,
) -> str:
    """Source for `src_code`'s function that compiles with `old_bytecode`'s free, cell and local variables."""
    name = _first_function(ast.parse(src_code)).name
    fixed = _with_extra_variables(src_code, add_local_variables or [], add_cellvars or [])
    if old_bytecode.co_freevars:
        fixed = _inside_closure(fixed, old_bytecode.co_freevars)
    if add_local_variables is not None or add_cellvars is not None:
        return fixed  # the second round: what could be added has been
    compiled = _compiled_function(fixed, name)
    missing_locals = _writable(set(old_bytecode.co_varnames) - set(compiled.co_varnames))
    missing_cells = _writable(set(old_bytecode.co_cellvars) - set(compiled.co_cellvars))
    if missing_locals or missing_cells:
        return fix_irregular_code(old_bytecode, src_code, missing_locals, missing_cells)
    return fixed
