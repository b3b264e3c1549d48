"""Small facts about expressions that several rewrites share."""

from __future__ import annotations

import ast
import copy
from typing import Callable, List, Optional, Set, TypeVar, Union, cast

from depyf.explain.readable.tree import walk

Node = TypeVar("Node", bound=ast.AST)

# Globals Dynamo installs in the user's module for its generated code: the
# compiled graphs, resume functions, imported modules and depyf's own
# constants. Nothing but Dynamo rebinds them.
_GENERATED_GLOBAL_PREFIXES = ("__compiled_fn", "__resume_at", "__import_", "__depyf_const", "___")


def is_generated_global(name: str) -> bool:
    return name.startswith(_GENERATED_GLOBAL_PREFIXES)


def is_constant(node: ast.expr) -> bool:
    """A literal whose evaluation can neither fail nor have an effect."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(is_constant(item) for item in node.elts)
    return False


def is_source_chain(node: ast.expr, stable: Callable[[str], bool]) -> bool:
    """`root.attr[const].attr ...` on a stable name: how Dynamo reads a graph input
    from its source. Dynamo reads the same chains in its guards on every call."""
    while True:
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Subscript) and is_constant(_slice_of(node)):
            node = node.value
        elif isinstance(node, ast.Name):
            return stable(node.id)
        else:
            return False


def _slice_of(node: ast.Subscript) -> ast.expr:
    return node.slice  # Python 3.9+ (the readable rendering needs ast.unparse)


def constant_index(node: ast.Subscript) -> Optional[Union[int, slice]]:
    """The subscript's key where it is a literal (an int, or a slice of ints/None)."""
    inner = _slice_of(node)
    if isinstance(inner, ast.Constant) and isinstance(inner.value, int) and not isinstance(inner.value, bool):
        return inner.value
    if isinstance(inner, ast.Slice):
        bounds: List[Optional[int]] = []
        for bound in (inner.lower, inner.upper, inner.step):
            if bound is None:
                bounds.append(None)
            elif isinstance(bound, ast.Constant) and (bound.value is None or type(bound.value) is int):
                bounds.append(bound.value)
            elif (
                isinstance(bound, ast.UnaryOp)
                and isinstance(bound.op, ast.USub)
                and isinstance(bound.operand, ast.Constant)
                and type(bound.operand.value) is int
            ):
                bounds.append(-bound.operand.value)
            else:
                return None
        return slice(*bounds)
    if (
        isinstance(inner, ast.UnaryOp)
        and isinstance(inner.op, ast.USub)
        and isinstance(inner.operand, ast.Constant)
        and type(inner.operand.value) is int
    ):
        return -inner.operand.value
    return None


def conditional_parts(node: ast.AST) -> Set[int]:
    """ids of the subexpressions of `node` that may be skipped or run many times
    (short-circuit operands, conditional branches, comprehension and lambda bodies)."""
    skipped: Set[int] = set()
    for inner in walk(node):
        parts: List[ast.AST] = []
        if isinstance(inner, ast.BoolOp):
            parts = list(inner.values[1:])
        elif isinstance(inner, ast.IfExp):
            parts = [inner.body, inner.orelse]
        elif isinstance(inner, ast.Compare):
            parts = list(inner.comparators[1:])
        elif isinstance(inner, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            parts = [inner]
        elif isinstance(inner, ast.Lambda):
            parts = [inner.body]
        for part in parts:
            skipped.update(id(sub) for sub in walk(part))
    return skipped


def clone(node: ast.expr) -> ast.expr:
    return copy.deepcopy(node)


class Replacer(ast.NodeTransformer):
    """Replaces nodes chosen by `pick` with what it returns (None: keep)."""

    def __init__(self, pick: Callable[[ast.AST], Optional[ast.AST]]) -> None:
        self.pick = pick

    def visit(self, node: ast.AST) -> ast.AST:
        replacement = self.pick(node)
        if replacement is not None:
            return replacement
        return super().visit(node)


def replace_node(root: Node, target: ast.AST, replacement: ast.AST) -> Node:
    """`root` with the node `target` (by identity) replaced by `replacement` (never `root` itself)."""
    return cast(Node, Replacer(lambda node: replacement if node is target else None).visit(root))
