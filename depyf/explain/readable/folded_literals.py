"""Literals the exact decompiler spelled as expressions written back as literals.

Python 3.14+: the compiler folds constant expressions in its CFG optimizer,
which appends each folded value to co_consts after the constants code
generation added. The exact decompiler reads a constant loaded before one with
a smaller co_consts index as such a folded value and writes an expression that
folds back to it, so that recompiling puts it at the same index:

    __builtins_dict___5['pr' + 'int']        (co_consts: ..., 'norm computed', 'print')

Dynamo assembles its bytecode itself, in any constant order, so in its code
that reading is always wrong, and the expression hides the name from the
naming rewrite (`builtin_print = __builtins_dict___5['print']`). Every such
expression is a tree of `+ - * / ** << |` over int, float, str and bytes
literals (a number maybe negated); the compiler folds it to its value on every version, so the value
written as a literal is the same code. Only values within the CFG optimizer's
own limits are folded here (it folds nothing bigger, so a bigger one was
written by hand and stays as it is).
"""

from __future__ import annotations

import ast
import math
import operator
from typing import Any, Callable, Dict, Optional, Type

from depyf.explain.readable.scope import FunctionNode

_OPERATIONS: Dict[Type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.LShift: operator.lshift,
    ast.BitOr: operator.or_,
    ast.Pow: operator.pow,
}
_FOLDED_TYPES = (int, float, str, bytes)
# CPython's limits on what constant folding makes (Python/flowgraph.c:
# MAX_INT_SIZE bits, MAX_STR_SIZE characters or bytes).
_MAX_INT_BITS = 128
_MAX_TEXT_SIZE = 4096


def _literal(node: ast.expr) -> Optional[Any]:
    if isinstance(node, ast.Constant) and type(node.value) in _FOLDED_TYPES:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):  # `-3` is USub(3) in the tree
        operand = _literal(node.operand)
        return -operand if type(operand) in (int, float) else None
    return None


def _within_limits(left: Any, operation: Type[ast.operator], right: Any) -> bool:
    """Whether computing the operation here stays small (checked before computing: `'a' * 10**9`)."""
    if operation is ast.Mult and isinstance(left, (str, bytes, int)) and isinstance(right, (str, bytes, int)):
        texts = [v for v in (left, right) if isinstance(v, (str, bytes))]
        if texts:
            count = right if texts[0] is left else left
            return isinstance(count, int) and 0 <= count and len(texts[0]) * count <= _MAX_TEXT_SIZE
    if operation is ast.LShift:
        return isinstance(left, int) and isinstance(right, int) and 0 <= right <= _MAX_INT_BITS
    if operation is ast.Pow and isinstance(left, int) and isinstance(right, int):
        return right < 0 or abs(left).bit_length() * right <= _MAX_INT_BITS
    return True


def _value_within_limits(value: Any) -> bool:
    if isinstance(value, int):
        return value.bit_length() <= _MAX_INT_BITS
    if isinstance(value, (str, bytes)):
        return len(value) <= _MAX_TEXT_SIZE
    return isinstance(value, float) and math.isfinite(value)  # (inf and nan have no literal)


def _folded(node: ast.BinOp) -> Optional[ast.Constant]:
    left, right = _literal(node.left), _literal(node.right)
    compute = _OPERATIONS.get(type(node.op))
    if left is None or right is None or compute is None or not _within_limits(left, type(node.op), right):
        return None
    try:
        value = compute(left, right)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None  # raises at run time too: not a folded constant
    if type(value) not in _FOLDED_TYPES or not _value_within_limits(value):
        return None
    return ast.copy_location(ast.Constant(value), node)


class _Folder(ast.NodeTransformer):
    def __init__(self) -> None:
        self.count = 0

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        self.generic_visit(node)  # operands first: `(1 << 8 | 3) * 2` folds from the inside out
        folded = _folded(node)
        if folded is None:
            return node
        self.count += 1
        return folded


def fold_literal_expressions(function: FunctionNode) -> int:
    """Writes the function's constant expressions as their values; returns how many."""
    folder = _Folder()
    for statement in function.body:
        folder.visit(statement)
    return folder.count
