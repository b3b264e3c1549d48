"""Dynamo's profiler range around the code that reads a graph's inputs.

`record_pregraph_bytecode_enter()` opens a profiler range named "Pregraph
bytecode" (only while torch's profiler runs) and `..._exit(range)` closes it;
the code between reads the values the compiled graph is called with. The
local holding the range gets a name saying so, and a comment says what the
pair is.
"""

from __future__ import annotations

import ast

from depyf.explain.readable.blocks import statements_with_blocks
from depyf.explain.readable.comments import note
from depyf.explain.readable.naming import TEMPORARY, apply_renames
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.walrus_caches import PROFILER_MARKS

_NOTE = 'Dynamo\'s profiler range "Pregraph bytecode" (active only under torch.profiler): %s'


def _enter_call(statement: ast.stmt) -> bool:
    value = statement.value if isinstance(statement, (ast.Assign, ast.Expr)) else None
    if isinstance(value, ast.IfExp):  # torch 2.15+: entered only while the profiler runs (profiler_guard.py)
        value = value.body
    return (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == PROFILER_MARKS[0]
    )


def name_profiler_ranges(function: FunctionNode) -> int:
    scope = FunctionScope(function)
    taken = scope.all_names()
    count = 0
    for block, index, statement in list(statements_with_blocks(function.body)):
        if not _enter_call(statement):
            continue
        follows_exit = index + 1 < len(block) and _is_exit(block[index + 1])
        what = "nothing to prepare for the graph here" if follows_exit else "reads the graph's inputs"
        block.insert(index, note(_NOTE % what))
        count += 1
        if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
            old = statement.targets[0].id
            new = "profiler_range" if count == 1 else "profiler_range_%d" % count
            if TEMPORARY.match(old) and scope.is_plain_local(old) and not scope.introspects and new not in taken:
                taken.add(new)
                apply_renames(function, {old: new})
    return count


def _is_exit(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.If) and len(statement.body) == 1 and not statement.orelse:
        statement = statement.body[0]  # torch 2.15+: `if range is not None: ..._exit(range)`
    value = statement.value if isinstance(statement, ast.Expr) else None
    return (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == PROFILER_MARKS[1]
    )
