"""torch 2.15+: Dynamo's profiler range opened only while the profiler runs.

From torch 2.15 on, Dynamo enters its "Pregraph bytecode" profiler range only
when torch's profiler is enabled, through three locals:

    tmp_3 = __import_torch_dot_autograd_dot_profiler._is_profiler_enabled
    tmp_2 = __import_torch_dot__dynamo_dot_utils
    tmp_1 = None
    if tmp_3:
        tmp_1 = tmp_2.record_pregraph_bytecode_enter()
    ...                                   # reads the graph's inputs
    if tmp_1 is not None:
        tmp_2.record_pregraph_bytecode_exit(tmp_1)

which reads as

    tmp_1 = __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_enter() if <enabled> else None
    ...
    if tmp_1 is not None:
        __import_torch_dot__dynamo_dot_utils.record_pregraph_bytecode_exit(tmp_1)

(profiler_marks.py then names the range and notes what it is). The same calls
run in the same order: the flag and the module are read from module
attributes that nothing in between can rebind (Dynamo's generated globals),
so reading the module only when the flag is true, and again at the exit,
reads the same objects.
"""

from __future__ import annotations

import ast
from typing import List, Optional

from depyf.explain.readable.blocks import all_blocks
from depyf.explain.readable.expressions import clone, is_generated_global
from depyf.explain.readable.naming import TEMPORARY
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.walrus_caches import PROFILER_MARKS


def _assigned(statement: ast.stmt) -> Optional[str]:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return None


def _generated_read(node: ast.expr) -> bool:
    """A generated global, or an attribute chain on one: a read with no effect."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and is_generated_global(node.id)


def _mark_call(node: ast.expr, mark: str, module: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == mark
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == module
    )


def _exit_guard_at(block: List[ast.stmt], start: int, range_name: str, module: str) -> int:
    """Index of `if RANGE is not None: MODULE.exit(RANGE)` at or after `start`, or -1."""
    for index in range(start, len(block)):
        statement = block[index]
        if not isinstance(statement, ast.If) or statement.orelse or len(statement.body) != 1:
            continue
        test = statement.test
        body = statement.body[0]
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == range_name
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
            and isinstance(body, ast.Expr)
            and _mark_call(body.value, PROFILER_MARKS[1], module)
        ):
            return index
    return -1


def _fold_at(block: List[ast.stmt], index: int, function: FunctionNode) -> bool:
    if index + 3 >= len(block):
        return False
    flag_set, module_set, none_set, guard = block[index : index + 4]
    flag, module, range_name = _assigned(flag_set), _assigned(module_set), _assigned(none_set)
    if not (flag and module and range_name) or not all(TEMPORARY.match(n) for n in (flag, module, range_name)):
        return False
    if not (_generated_read(flag_set.value) and _generated_read(module_set.value)):  # type: ignore[attr-defined]
        return False
    if not (isinstance(none_set.value, ast.Constant) and none_set.value.value is None):  # type: ignore[attr-defined]
        return False
    if not (
        isinstance(guard, ast.If)
        and not guard.orelse
        and isinstance(guard.test, ast.Name)
        and guard.test.id == flag
        and len(guard.body) == 1
        and _assigned(guard.body[0]) == range_name
        and _mark_call(guard.body[0].value, PROFILER_MARKS[0], module)  # type: ignore[attr-defined]
    ):
        return False
    exit_at = _exit_guard_at(block, index + 4, range_name, module)
    if exit_at < 0:
        return False
    # The three locals are used here and nowhere else.
    scope = FunctionScope(function)
    if not (scope.is_plain_local(flag) and scope.uses(flag) == 1 and scope.is_plain_local(module)):
        return False
    if scope.uses(module) != 2 or scope.bindings.get(range_name) != 2 or scope.uses(range_name) != 2:
        return False
    if range_name in scope.deleted or range_name in scope.declared or range_name in scope.used_in_nested:
        return False
    if scope.introspects:
        return False
    module_read = module_set.value  # type: ignore[attr-defined]
    enter = guard.body[0].value  # type: ignore[attr-defined]
    enter.func.value = clone(module_read)
    folded = ast.Assign(
        targets=[ast.Name(id=range_name, ctx=ast.Store())],
        value=ast.IfExp(test=flag_set.value, body=enter, orelse=ast.Constant(value=None)),  # type: ignore[attr-defined]
        lineno=flag_set.lineno,
    )
    exit_call = block[exit_at].body[0].value  # type: ignore[attr-defined]
    exit_call.func.value = clone(module_read)
    block[index : index + 4] = [folded]
    return True


def fold_profiler_guards(function: FunctionNode) -> int:
    """Folds each guarded profiler-range entry into one assignment; returns how many."""
    count = 0
    for block in list(all_blocks(function.body)):
        index = 0
        while index < len(block):
            if _fold_at(block, index, function):
                count += 1
            index += 1
    return count
