"""Drop `if 0:` / `if None:` / `if False:` blocks.

The exact decompiler puts such blocks back where co_names or co_varnames
hold names no instruction uses, so the recompiled code object has the same
name tables (CPython 3.10+ drops dead code but keeps its names). Dynamo's
code keeps the original function's names in those tables; the code that
runs needs none of them (Dynamo checks only the arguments, free and cell
variables), and the block never runs.

`if __debug__:` blocks are put back by the exact decompiler where CPython
3.10/3.11 leave an unused True in co_consts; Dynamo's code leaves such a True
too, and its bytecode runs the block's code unconditionally (under -O as
well), so the block's body stands alone here.

One thing a never-run block still does: a name it assigns is a local of the
whole function. A block is kept where that matters (the name is read
elsewhere and bound nowhere else, or it declares a name global/nonlocal).
"""

from __future__ import annotations

import ast
from typing import List, Set

from depyf.explain.readable.scope import FunctionNode, own_nodes


def _is_false_constant(test: ast.expr) -> bool:
    return isinstance(test, ast.Constant) and not test.value and not isinstance(test.value, (str, bytes))


def _bound_and_read(nodes: List[ast.AST], skip: Set[int]) -> "tuple[Set[str], Set[str], bool]":
    """Names bound and read in `nodes` (own scope only), leaving out the subtrees in `skip`."""
    bound: Set[str] = set()
    read: Set[str] = set()
    declares = False
    for root in nodes:
        for node in own_nodes(root, skip):
            if isinstance(node, ast.Name):
                (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not root:
                bound.add(node.name)
            elif isinstance(node, ast.alias):
                bound.add((node.asname or node.name).split(".")[0])
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                declares = True
    return bound, read, declares


def _dead_blocks(body: List[ast.stmt], found: List[ast.If]) -> None:
    for statement in body:
        if isinstance(statement, ast.If) and _is_false_constant(statement.test) and not statement.orelse:
            found.append(statement)
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list):
                _dead_blocks(inner, found)
        for handler in getattr(statement, "handlers", []):
            _dead_blocks(handler.body, found)
        for case in getattr(statement, "cases", []):
            _dead_blocks(case.body, found)


def _without(body: List[ast.stmt], drop: Set[int]) -> List[ast.stmt]:
    kept = [statement for statement in body if id(statement) not in drop]
    for statement in kept:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field, needs_one in (("body", True), ("orelse", False), ("finalbody", False)):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner:
                setattr(statement, field, _without(inner, drop) or ([ast.Pass()] if needs_one else []))
        for handler in getattr(statement, "handlers", []):
            handler.body = _without(handler.body, drop) or [ast.Pass()]
        for case in getattr(statement, "cases", []):
            case.body = _without(case.body, drop) or [ast.Pass()]
        if isinstance(statement, ast.Try) and not statement.handlers and not statement.finalbody:
            statement.finalbody = [ast.Pass()]
    return kept


def _unwrap_debug_blocks(body: List[ast.stmt]) -> List[ast.stmt]:
    result: List[ast.stmt] = []
    for statement in body:
        if (
            isinstance(statement, ast.If)
            and isinstance(statement.test, ast.Name)
            and statement.test.id == "__debug__"
            and not statement.orelse
        ):
            result.extend(_unwrap_debug_blocks(statement.body))
            continue
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(statement, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    setattr(statement, field, _unwrap_debug_blocks(inner))
            for handler in getattr(statement, "handlers", []):
                handler.body = _unwrap_debug_blocks(handler.body)
            for case in getattr(statement, "cases", []):
                case.body = _unwrap_debug_blocks(case.body)
        result.append(statement)
    return result


def drop_dead_blocks(function: FunctionNode) -> int:
    """Removes the function's never-run blocks (not those of nested functions); returns how many."""
    function.body = _unwrap_debug_blocks(function.body)
    blocks: List[ast.If] = []
    _dead_blocks(function.body, blocks)
    if not blocks:
        return 0
    drop = {id(block) for block in blocks}
    outside_bound, outside_read, _ = _bound_and_read([function.args, *function.body], drop)
    removable: Set[int] = set()
    for block in blocks:
        bound, _, declares = _bound_and_read(list(block.body), set())
        needed = {name for name in bound if name in outside_read and name not in outside_bound}
        if not declares and not needed:
            removable.add(id(block))
    function.body = _without(function.body, removable) or [ast.Pass()]
    return len(removable)


def _no_effect_display(node: ast.expr, parameters: Set[str]) -> bool:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(_no_effect_display(item, parameters) for item in node.elts)
    if isinstance(node, ast.Constant):
        return True
    return isinstance(node, ast.Name) and node.id in parameters


def drop_unused_displays(function: FunctionNode, parameters: Set[str]) -> int:
    """Expression statements that only build a list or tuple of constants or
    parameters (Dynamo builds stack lists it then drops): nothing to run."""
    count = 0
    for block in _all_own_blocks(function.body):
        kept = [
            statement
            for statement in block
            if not (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, (ast.List, ast.Tuple, ast.Set))
                and _no_effect_display(statement.value, parameters)
            )
        ]
        count += len(block) - len(kept)
        block[:] = kept or [ast.Pass()]
    return count


def _all_own_blocks(body: List[ast.stmt]) -> List[List[ast.stmt]]:
    from depyf.explain.readable.blocks import all_blocks

    return list(all_blocks(body))
