"""Temporaries read once put back where they are read.

`t = E` followed by the one statement that reads `t` becomes that statement
with `E` in place of `t`, where that cannot change what runs:

- `E` is one fixed value (a constant, a name bound once, one of Dynamo's
  globals): it may be read anywhere later;
- otherwise `E` moves past nothing that runs: the statements in between only
  delete names `E` does not read, and in the reading statement everything
  Python evaluates before `t` only reads names or constants, and `t` is read
  unconditionally (not in a short-circuit operand, a branch of a conditional
  expression, a comprehension or a lambda).

A temporary nothing reads keeps its value's evaluation as an expression
statement (or disappears where the value is one fixed value).
"""

from __future__ import annotations

import ast
from typing import Iterator, List

from depyf.explain.readable.blocks import all_blocks, own_expressions
from depyf.explain.readable.comments import is_note
from depyf.explain.readable.expressions import conditional_parts, is_constant, is_generated_global, replace_node
from depyf.explain.readable.naming import TEMPORARY
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.tree import child_nodes, walk

_NO_EFFECT = (
    ast.Name,
    ast.Constant,
    ast.Tuple,
    ast.List,
    ast.Set,
    ast.Starred,
    ast.keyword,
    ast.operator,
    ast.unaryop,
    ast.cmpop,
    ast.boolop,
)
_OPAQUE = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _children_in_order(node: ast.AST) -> List[ast.AST]:
    if isinstance(node, ast.Dict):
        ordered: List[ast.AST] = []
        for key, value in zip(node.keys, node.values):
            if key is not None:
                ordered.append(key)
            ordered.append(value)
        return ordered
    if isinstance(node, ast.Assign):
        return [node.value, *node.targets]
    if isinstance(node, _OPAQUE):
        return []
    return child_nodes(node)


def _events(node: ast.AST) -> Iterator[ast.AST]:
    """Nodes in the order their evaluation completes (operands before operations)."""
    for child in _children_in_order(node):
        yield from _events(child)
    yield node


def _pure_event(node: ast.AST, scope: FunctionScope) -> bool:
    if isinstance(node, ast.Name):
        return not isinstance(node.ctx, ast.Load) or scope.is_local(node.id) or is_generated_global(node.id)
    return isinstance(node, _NO_EFFECT)


def events_before(root: ast.AST, value: ast.AST, scope: FunctionScope) -> bool:
    """Whether everything `root` evaluates before it starts evaluating `value` only reads."""
    inside = {id(n) for n in walk(value)}
    for event in _events(root):
        if id(event) in inside:
            return True
        if not _pure_event(event, scope):
            return False
    return False


class _Inliner:
    def __init__(self, function: FunctionNode) -> None:
        self.function = function
        self.scope = FunctionScope(function)

    def _fixed(self, node: ast.expr) -> bool:
        if is_constant(node):
            return True
        if isinstance(node, ast.Name):
            if self.scope.is_local(node.id):
                return self.scope.is_single_assignment(node.id)
            return is_generated_global(node.id)
        return False

    def _pure_read(self, node: ast.AST) -> bool:
        return _pure_event(node, self.scope)

    def _reads(self, statement: ast.stmt, name: str) -> List[ast.Name]:
        return [
            node
            for part in own_expressions(statement)
            for node in walk(part)
            if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
        ]

    def _movable_to(self, value: ast.expr, statement: ast.stmt, read: ast.Name) -> bool:
        if not isinstance(statement, (ast.Assign, ast.Expr, ast.Return, ast.If, ast.For, ast.With, ast.Delete)):
            return False
        parts = own_expressions(statement) if not isinstance(statement, ast.Assign) else [statement]
        for part in parts:
            if id(read) in conditional_parts(part):
                return False
        if isinstance(statement, ast.For) and not any(n is read for n in walk(statement.iter)):
            return False
        for part in parts:
            for event in _events(part):
                if event is read:
                    return True
                if not self._pure_read(event):
                    return False
        return False

    def _between_ok(self, value: ast.expr, between: List[ast.stmt]) -> bool:
        read = {n.id for n in walk(value) if isinstance(n, ast.Name)}
        for statement in between:
            if is_note(statement):
                continue
            if not isinstance(statement, ast.Delete):
                return False
            if any(not isinstance(t, ast.Name) or t.id in read for t in statement.targets):
                return False
        return True

    def run(self) -> int:
        """One pass over every block: a temporary inlined, the statement now at its
        place is looked at next (so chains of temporaries fold). Binding facts stay
        true throughout: an inline only moves a value's names, and drops the one
        binding and read of the temporary."""
        if self.scope.introspects:
            return 0
        count = 0
        for block in list(all_blocks(self.function.body)):
            index = 0
            while index < len(block):
                if self._fold_at(block, index):
                    count += 1
                else:
                    index += 1
            if not block:
                block.append(ast.Pass())
        return count

    def _fold_at(self, block: List[ast.stmt], index: int) -> bool:
        statement = block[index]
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            return False
        target = statement.targets[0]
        if not (isinstance(target, ast.Name) and TEMPORARY.match(target.id)):
            return False
        name, value = target.id, statement.value
        if not self.scope.is_plain_local(name):
            return False
        uses = self.scope.uses(name)
        if uses == 0:
            block[index : index + 1] = [] if self._fixed(value) else [ast.Expr(value)]
            return True
        return uses == 1 and self._inline(block, index, name, value)

    def _inline(self, block: List[ast.stmt], index: int, name: str, value: ast.expr) -> bool:
        fixed = self._fixed(value)
        for later in range(index + 1, len(block)):
            reads = self._reads(block[later], name)
            if not reads:
                if fixed:
                    continue
                if self._between_ok(value, [block[later]]):
                    continue
                return False
            read = reads[0]
            if not fixed and not self._movable_to(value, block[later], read):
                return False
            block[later] = replace_node(block[later], read, value)
            del block[index]
            return True
        if fixed:  # read inside a nested block of a later statement
            for later in range(index + 1, len(block)):
                reads = [
                    n
                    for n in walk(block[later])
                    if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
                ]
                if reads:
                    read = reads[0]
                    block[later] = replace_node(block[later], read, value)
                    del block[index]
                    return True
        return False


def inline_temporaries(function: FunctionNode) -> int:
    """Inlines or drops the function's temporaries; returns how many."""
    return _Inliner(function).run()
