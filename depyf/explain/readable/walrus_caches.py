"""Dynamo's cached reads: `(tmp_1 := value)` ... `del tmp_1`.

Dynamo's code generator keeps a value it loads more than once in a local
(`tmp_N`, stored with COPY + STORE_FAST, so it decompiles to a walrus) and
deletes the local when done. Two rewrites:

- a cache nothing reads (only its `del`): the walrus becomes its value and
  the `del` goes. Nothing observable changes: the name is bound only there.
- a cache of a *source chain* (`self._modules['qkv']._parameters`: names,
  attributes, constant subscripts: how Dynamo reads a graph input from where
  the user's frame holds it) read again only by statements that themselves
  only read such chains (the code that gathers a graph's inputs): each read of
  the cache becomes the chain. This relies on what Dynamo itself assumes when
  it compiles the code: reading a source is free of side effects (its guards
  read the same chains on every call), and nothing in between can change
  what the chain reads, because nothing in between writes anything.
"""

from __future__ import annotations

import ast
from typing import Callable, List, Optional, Tuple

from depyf.explain.readable.blocks import all_blocks, own_expressions, statements_with_blocks
from depyf.explain.readable.expressions import (
    Replacer,
    clone,
    replace_node,
    conditional_parts,
    is_generated_global,
    is_source_chain,
)
from depyf.explain.readable.scope import FunctionNode, FunctionScope

# Dynamo's profiler marks around the code that gathers a graph's inputs: they
# enter and leave a profiler range and touch nothing of the program.
PROFILER_MARKS = ("record_pregraph_bytecode_enter", "record_pregraph_bytecode_exit")


def is_profiler_mark(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in PROFILER_MARKS


def _walruses(function: FunctionNode) -> List[Tuple[List[ast.stmt], int, ast.NamedExpr]]:
    """Unconditionally evaluated walruses of simple statements, innermost first."""
    found = []
    for block, index, statement in statements_with_blocks(function.body):
        if not isinstance(statement, (ast.Assign, ast.Expr, ast.Return, ast.AugAssign, ast.If, ast.Delete)):
            continue
        for part in own_expressions(statement):
            skipped = conditional_parts(part)
            inner = [n for n in ast.walk(part) if isinstance(n, ast.NamedExpr) and id(n) not in skipped]
            # ast.walk is breadth-first: reversed, inner walruses come first.
            found.extend((block, index, node) for node in reversed(inner))
    return found


def _references(function: FunctionNode, name: str) -> Tuple[List[Tuple[List[ast.stmt], int]], List[ast.Name]]:
    """(where each `del name` statement is, every load of name)."""
    deletes = []
    loads = []
    for block, index, statement in statements_with_blocks(function.body):
        if isinstance(statement, ast.Delete) and any(
            isinstance(t, ast.Name) and t.id == name for t in statement.targets
        ):
            deletes.append((block, index))
        for part in own_expressions(statement):
            loads.extend(
                n for n in ast.walk(part) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
            )
    return deletes, loads


def _is_read_only(node: ast.AST, scope: FunctionScope) -> bool:
    """An expression that only reads: names, constants, attributes, subscripts,
    displays, walruses of such, and Dynamo's profiler marks."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call):
            if not is_profiler_mark(inner.func):
                return False
        elif not isinstance(
            inner,
            (
                ast.Name,
                ast.Constant,
                ast.Attribute,
                ast.Subscript,
                ast.Slice,
                ast.Tuple,
                ast.List,
                ast.NamedExpr,
                ast.Starred,
                ast.Load,
                ast.Store,
                ast.UnaryOp,
                ast.USub,
            ),
        ):
            return False
    return True


def _read_only_statement(statement: ast.stmt, scope: FunctionScope) -> bool:
    if isinstance(statement, ast.Delete):
        return all(isinstance(t, ast.Name) for t in statement.targets)
    if isinstance(statement, ast.Assign):
        return all(isinstance(t, ast.Name) for t in statement.targets) and _is_read_only(statement.value, scope)
    if isinstance(statement, ast.Expr):
        return _is_read_only(statement.value, scope)
    return False


def _drop_deletes(function: FunctionNode, name: str) -> None:
    for _block, _index, statement in list(statements_with_blocks(function.body)):
        if isinstance(statement, ast.Delete):
            statement.targets = [t for t in statement.targets if not (isinstance(t, ast.Name) and t.id == name)]
    _remove_empty_deletes(function.body)


def _remove_empty_deletes(body: List[ast.stmt]) -> None:
    for block in list(all_blocks(body)):
        block[:] = [s for s in block if not (isinstance(s, ast.Delete) and not s.targets)] or [ast.Pass()]


def _replace_nodes(function: FunctionNode, make: Callable[[ast.AST], Optional[ast.AST]]) -> None:
    """Replaces, in the function's statements, each node for which make() returns a node."""
    replacer = Replacer(make)
    function.body = [replacer.visit(statement) for statement in function.body]


def _try_one(function: FunctionNode, block: List[ast.stmt], index: int, walrus: ast.NamedExpr) -> bool:
    scope = FunctionScope(function)
    name = walrus.target.id
    if scope.introspects or not scope.is_local(name) or scope.bindings.get(name) != 1:
        return False
    if name in scope.bound_in_nested or name in scope.declared:
        return False
    deletes, loads = _references(function, name)
    if any(b is not block or i <= index for b, i in deletes):
        return False
    if not loads:
        _replace_nodes(function, lambda node: walrus.value if node is walrus else None)
        _drop_deletes(function, name)
        return True
    value = walrus.value
    stable = lambda n: scope.is_single_assignment(n) or (not scope.is_local(n) and is_generated_global(n))  # noqa: E731
    if any(isinstance(n, ast.NamedExpr) for n in ast.walk(value)) or not is_source_chain(value, stable):
        return False
    # Every read in a later statement of the same block; everything up to the last one only reads.
    positions = []
    for load in loads:
        where = _statement_index_of(block, load)
        if where is None or where <= index:
            return False
        positions.append(where)
    last = max(positions + [i for _b, i in deletes])
    if not all(_read_only_statement(block[i], scope) for i in range(index, last + 1)):
        return False
    load_ids = {id(load) for load in loads}
    _replace_nodes(function, lambda node: value if node is walrus else clone(value) if id(node) in load_ids else None)
    _drop_deletes(function, name)
    return True


def _statement_index_of(block: List[ast.stmt], node: ast.AST) -> Optional[int]:
    for index, statement in enumerate(block):
        if any(inner is node for inner in ast.walk(statement)):
            return index
    return None


def uncache_reads(function: FunctionNode) -> int:
    """Applies both rewrites until none applies; returns how many caches went."""
    count = 0
    changed = True
    while changed:
        changed = False
        for block, index, walrus in _walruses(function):
            if isinstance(walrus.target, ast.Name) and _try_one(function, block, index, walrus):
                count += 1
                changed = True
                break
    return count


def split_assigned_walruses(function: FunctionNode) -> int:
    """`t = (name := value)` -> `name = value` and `t = name`: Dynamo replaying a
    variable's new value (`count += 1` becomes `count = 1`) shown as an assignment."""
    count = 0
    for block in list(all_blocks(function.body)):
        index = 0
        while index < len(block):
            statement = block[index]
            if (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, ast.NamedExpr)
                and isinstance(statement.value.target, ast.Name)
            ):
                walrus = statement.value
                block[index : index + 1] = [
                    ast.Assign(targets=[ast.Name(walrus.target.id, ast.Store())], value=walrus.value, lineno=0),
                    ast.Assign(targets=statement.targets, value=ast.Name(walrus.target.id, ast.Load()), lineno=0),
                ]
                count += 1
            index += 1
    return count


def hoist_leading_walruses(function: FunctionNode) -> int:
    """`s = (t := value).attr` -> `t = value` then `s = t.attr`, where nothing in the
    statement runs before `value` but reads of names and constants (so `value`
    still runs first); a cache Dynamo keeps is then a plain assignment."""
    from depyf.explain.readable.temporaries import events_before

    count = 0
    for block in list(all_blocks(function.body)):
        index = 0
        while index < len(block):
            statement = block[index]
            hoisted = None
            if isinstance(statement, (ast.Assign, ast.Expr, ast.Return)):
                skipped = conditional_parts(statement)
                for node in ast.walk(statement):
                    if (
                        isinstance(node, ast.NamedExpr)
                        and isinstance(node.target, ast.Name)
                        and id(node) not in skipped
                        and events_before(statement, node.value, FunctionScope(function))
                    ):
                        hoisted = node
                        break
            if hoisted is None:
                index += 1
                continue
            name = hoisted.target.id
            block[index] = replace_node(statement, hoisted, ast.Name(name, ast.Load()))
            block.insert(index, ast.Assign(targets=[ast.Name(name, ast.Store())], value=hoisted.value, lineno=0))
            count += 1
            index += 1  # the rewritten statement may hold another leading walrus
    return count
