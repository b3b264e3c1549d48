"""Dynamo's cached reads: `(tmp_1 := value)` ... `del tmp_1`.

Dynamo's code generator keeps a value it loads more than once in a local
(`tmp_N`, stored with COPY + STORE_FAST, so it decompiles to a walrus) and
deletes the local when done. Two rewrites:

- a cache nothing reads (only its `del`): the walrus becomes its value and
  the `del` goes. Nothing observable changes: the name is bound only there.
- a cache of a name bound once (a parameter, say): each read of the cache
  becomes that name, which holds the same object everywhere;
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
from typing import Dict, List, Optional, Set, Tuple

from depyf.explain.readable.blocks import all_blocks, own_expressions, statements_with_blocks
from depyf.explain.readable.expressions import (
    clone,
    conditional_parts,
    is_generated_global,
    is_source_chain,
    replace_node,
)
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.tree import walk

# Dynamo's profiler marks around the code that gathers a graph's inputs: they
# enter and leave a profiler range and touch nothing of the program.
PROFILER_MARKS = ("record_pregraph_bytecode_enter", "record_pregraph_bytecode_exit")


def is_profiler_mark(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in PROFILER_MARKS


class _Index:
    """Where every node of the function's own statements sits, built once: its parent
    (to replace it in place), the statement holding it (block and position)."""

    def __init__(self, function: FunctionNode) -> None:
        self.parent: Dict[int, Tuple[ast.AST, str, Optional[int]]] = {}
        self.position: Dict[int, Tuple[int, int]] = {}  # node -> (id of its block, index in it)
        self.loads: Dict[str, List[ast.Name]] = {}
        self.deletes: Dict[str, List[Tuple[int, int]]] = {}
        self.walruses: List[Tuple[List[ast.stmt], int, ast.NamedExpr]] = []
        for block, index, statement in statements_with_blocks(function.body):
            where = (id(block), index)
            if isinstance(statement, ast.Delete):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        self.deletes.setdefault(target.id, []).append(where)
            simple = isinstance(statement, (ast.Assign, ast.Expr, ast.Return, ast.AugAssign, ast.If, ast.Delete))
            for part in own_expressions(statement):
                skipped = conditional_parts(part) if simple else set()
                inner_walruses = []
                for node in walk(part):
                    self.position[id(node)] = where
                    for field, value in ast.iter_fields(node):
                        if isinstance(value, ast.AST):
                            self.parent[id(value)] = (node, field, None)
                        elif isinstance(value, list):
                            for position, item in enumerate(value):
                                if isinstance(item, ast.AST):
                                    self.parent[id(item)] = (node, field, position)
                    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                        self.loads.setdefault(node.id, []).append(node)
                    if simple and isinstance(node, ast.NamedExpr) and id(node) not in skipped:
                        inner_walruses.append(node)
                # ast.walk is breadth-first: reversed, inner walruses come first.
                self.walruses.extend((block, index, node) for node in reversed(inner_walruses))
            self._note_roots(statement, own_expressions(statement))

    def _note_roots(self, statement: ast.stmt, parts: List[ast.AST]) -> None:
        """A statement's own expressions that are its direct fields get the statement as parent."""
        for field, value in ast.iter_fields(statement):
            values = value if isinstance(value, list) else [value]
            for position, item in enumerate(values):
                if isinstance(item, ast.expr):
                    self.parent[id(item)] = (statement, field, position if isinstance(value, list) else None)

    def replace(self, old: ast.AST, new: ast.AST) -> None:
        parent, field, position = self.parent[id(old)]
        if position is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[position] = new
        self.parent[id(new)] = (parent, field, position)


def _is_read_only(node: ast.AST) -> bool:
    """An expression that only reads: names, constants, attributes, subscripts,
    displays, walruses of such, and Dynamo's profiler marks."""
    for inner in walk(node):
        if isinstance(inner, ast.Call):
            func = inner.func
            while isinstance(func, ast.NamedExpr):  # a mark cached in a local: still the mark
                func = func.value
            if not is_profiler_mark(func):
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
                ast.expr_context,
                ast.UnaryOp,
                ast.USub,
            ),
        ):
            return False
    return True


def _read_only_statement(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Delete):
        return all(isinstance(t, ast.Name) for t in statement.targets)
    if isinstance(statement, ast.Assign):
        return all(isinstance(t, ast.Name) for t in statement.targets) and _is_read_only(statement.value)
    if isinstance(statement, ast.Expr):
        return _is_read_only(statement.value)
    return False


def _remove_deletes(function: FunctionNode, names: Set[str]) -> None:
    """Drops the names from every `del` (and a `del` left with nothing)."""
    for block in list(all_blocks(function.body)):
        for statement in block:
            if isinstance(statement, ast.Delete):
                statement.targets = [t for t in statement.targets if not (isinstance(t, ast.Name) and t.id in names)]
        block[:] = [s for s in block if not (isinstance(s, ast.Delete) and not s.targets)] or [ast.Pass()]


def uncache_reads(function: FunctionNode) -> int:
    """Applies both rewrites, inner caches first; returns how many caches went."""
    scope = FunctionScope(function)
    if scope.introspects:
        return 0
    index = _Index(function)
    targets = {walrus.target.id for _b, _i, walrus in index.walruses if isinstance(walrus.target, ast.Name)}

    def stable(name: str) -> bool:
        if name in targets:
            return False  # another cache: its reads may be rewritten
        return scope.is_single_assignment(name) or (not scope.is_local(name) and is_generated_global(name))

    read_only: Dict[Tuple[int, int], bool] = {}
    gone: Set[str] = set()
    for block, position, walrus in index.walruses:
        if not isinstance(walrus.target, ast.Name):
            continue
        name = walrus.target.id
        if not scope.is_local(name) or scope.bindings.get(name) != 1 or name in scope.bound_in_nested:
            continue
        deletes = index.deletes.get(name, [])
        if any(b != id(block) or i <= position for b, i in deletes):
            continue
        loads = index.loads.get(name, [])
        value = walrus.value
        if loads:
            if any(isinstance(n, ast.NamedExpr) for n in walk(value)) or not is_source_chain(value, stable):
                continue
            # Every read in a later statement of the same block; everything up to the last one
            # only reads, unless the cache holds a name bound once (nothing can change it).
            places = [index.position.get(id(load)) for load in loads]
            if any(p is None or p[0] != id(block) or p[1] <= position for p in places):
                continue
            if not isinstance(value, ast.Name):
                last = max([p[1] for p in places if p] + [i for _b, i in deletes])
                region = [(id(block), i) for i in range(position, last + 1)]
                for key in region:
                    if key not in read_only:
                        read_only[key] = _read_only_statement(block[key[1]])
                if not all(read_only[key] for key in region):
                    continue
            for load in loads:
                index.replace(load, clone(value))
        index.replace(walrus, value)
        gone.add(name)
    if gone:
        _remove_deletes(function, gone)
    return len(gone)


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
    scope = FunctionScope(function)  # hoisting a walrus keeps every binding and read
    for block in list(all_blocks(function.body)):
        index = 0
        while index < len(block):
            statement = block[index]
            hoisted = None
            if isinstance(statement, (ast.Assign, ast.Expr, ast.Return)):
                skipped = conditional_parts(statement)
                for node in walk(statement):
                    if (
                        isinstance(node, ast.NamedExpr)
                        and isinstance(node.target, ast.Name)
                        and id(node) not in skipped
                        and events_before(statement, node.value, scope)
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
