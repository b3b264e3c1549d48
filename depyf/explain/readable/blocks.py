"""Walking a function's statement lists (its own scope, not nested functions)."""

from __future__ import annotations

import ast
from typing import Iterator, List, Tuple

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def inner_blocks(statement: ast.stmt) -> List[List[ast.stmt]]:
    """The statement lists directly inside a compound statement of the same scope."""
    if isinstance(statement, _SCOPES):
        return []
    blocks: List[List[ast.stmt]] = []
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(statement, field, None)
        if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
            blocks.append(inner)
    for handler in getattr(statement, "handlers", []):
        blocks.append(handler.body)
    for case in getattr(statement, "cases", []):
        blocks.append(case.body)
    return blocks


def all_blocks(body: List[ast.stmt]) -> Iterator[List[ast.stmt]]:
    """`body` and every statement list nested in it, outermost first."""
    yield body
    for statement in body:
        for inner in inner_blocks(statement):
            yield from all_blocks(inner)


def statements_with_blocks(body: List[ast.stmt]) -> Iterator[Tuple[List[ast.stmt], int, ast.stmt]]:
    """(block, index, statement) for every statement of the scope, in source order."""
    for index, statement in enumerate(body):
        yield body, index, statement
        for inner in inner_blocks(statement):
            yield from statements_with_blocks(inner)


def own_expressions(statement: ast.stmt) -> List[ast.AST]:
    """The parts of a statement evaluated by the statement itself (not its nested blocks)."""
    if isinstance(statement, _SCOPES):
        parts: List[ast.AST] = list(statement.decorator_list)
        if isinstance(statement, ast.ClassDef):
            parts += statement.bases + [k.value for k in statement.keywords]
        else:
            parts += statement.args.defaults + [d for d in statement.args.kw_defaults if d is not None]
        return parts
    if isinstance(statement, getattr(ast, "Match", ())):
        parts = [statement.subject]  # type: ignore[attr-defined]
        for case in statement.cases:  # type: ignore[attr-defined]
            parts.append(case.pattern)
            if case.guard is not None:
                parts.append(case.guard)
        return parts
    parts = []
    for _field, value in ast.iter_fields(statement):
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ast.expr):
                parts.append(item)
            elif isinstance(item, ast.withitem):
                parts.append(item.context_expr)
                if item.optional_vars is not None:
                    parts.append(item.optional_vars)
            elif isinstance(item, ast.ExceptHandler) and item.type is not None:
                parts.append(item.type)
    return parts


def is_terminal(block: List[ast.stmt]) -> bool:
    """Whether running `block` never falls off its end (it returns or raises)."""
    if not block:
        return False
    last = block[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return is_terminal(last.body) and is_terminal(last.orelse)
    return False
