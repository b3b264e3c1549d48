"""Shrink a finding while it stays the same finding.

Greedy reduction on Python's `ast` of the program: each step tries, in
order, dropping a whole function, dropping a statement, replacing a
compound statement by one of its bodies, dropping an except clause / else /
finally / case, replacing an expression by one of its operands or by `0`,
and dropping inputs; the first candidate that still gives the same kind of
finding (same status, and for a behaviour difference the same differing
field: return, raise, log, printed or state) is kept and the search starts
over. Every candidate is checked by a real worker under the finding's
interpreter, so a candidate the target grammar rejects is simply not kept.

The programs use no syntax newer than 3.11 (match, except*), so the host's
`ast` (3.11+) reads and writes them for every target version.
"""

from __future__ import annotations

import ast
import copy
import re
import time
from typing import Callable, Dict, Iterator, List, Optional

from difftest.generator import Program
from difftest.worker_process import WorkerProcess

STATEMENT_LISTS = ("body", "orelse", "finalbody")


def finding_signature(result: Dict[str, object]) -> str:
    """What must stay the same while shrinking: the status, and which part of a record differs."""
    status = str(result.get("status"))
    if status == "differ":
        match = re.match(r"call .*?\): (\w+):", str(result.get("detail", "")))
        return "differ:" + (match.group(1) if match else "?")
    return status


def _nodes(tree: ast.AST) -> List[ast.AST]:
    return list(ast.walk(tree))


def _statement_candidates(tree: ast.Module) -> Iterator[Callable[[ast.Module], None]]:
    """Edits, each given as a function that applies it to a copy (nodes found by walk position)."""
    for position, node in enumerate(_nodes(tree)):
        for field in STATEMENT_LISTS + ("handlers", "cases"):
            items = getattr(node, field, None)
            if not isinstance(items, list):
                continue
            for index in range(len(items)):

                def drop(
                    copy_tree: ast.Module, position: int = position, field: str = field, index: int = index
                ) -> None:
                    target = _nodes(copy_tree)[position]
                    items = getattr(target, field)
                    del items[index]
                    if not items and field in ("body", "cases"):
                        items.append(ast.Pass())

                yield drop
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            for field in ("orelse", "finalbody"):
                if getattr(node, field):

                    def clear(copy_tree: ast.Module, position: int = position, field: str = field) -> None:
                        setattr(_nodes(copy_tree)[position], field, [])

                    yield clear


def _unwrap_candidates(tree: ast.Module) -> Iterator[Callable[[ast.Module], None]]:
    """A compound statement replaced by one of its bodies."""
    for position, node in enumerate(_nodes(tree)):
        for field in ("body", "orelse", "finalbody"):
            items = getattr(node, field, None)
            if not isinstance(items, list):
                continue
            for index, child in enumerate(items):
                bodies: List[List[ast.stmt]] = []
                for child_field in STATEMENT_LISTS:
                    inner = getattr(child, child_field, None)
                    if (
                        isinstance(inner, list)
                        and inner
                        and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
                    ):
                        bodies.append(inner)
                for handler in getattr(child, "handlers", []):
                    bodies.append(handler.body)
                for case in getattr(child, "cases", []):
                    bodies.append(case.body)
                for which in range(len(bodies)):

                    def unwrap(
                        copy_tree: ast.Module,
                        position: int = position,
                        field: str = field,
                        index: int = index,
                        which: int = which,
                    ) -> None:
                        parent = _nodes(copy_tree)[position]
                        items = getattr(parent, field)
                        child = items[index]
                        bodies = [
                            getattr(child, f)
                            for f in STATEMENT_LISTS
                            if isinstance(getattr(child, f, None), list) and getattr(child, f)
                        ]
                        bodies += [h.body for h in getattr(child, "handlers", [])] + [
                            c.body for c in getattr(child, "cases", [])
                        ]
                        items[index : index + 1] = bodies[which]

                    yield unwrap


def _expression_candidates(tree: ast.Module) -> Iterator[Callable[[ast.Module], None]]:
    """An expression replaced by one of its operands, or by 0."""
    for position, node in enumerate(_nodes(tree)):
        if not isinstance(node, ast.expr) or isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            continue
        if isinstance(node, ast.Constant):
            continue
        options: List[str] = []
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr) and not isinstance(getattr(value, "ctx", None), (ast.Store, ast.Del)):
                options.append(field)
            elif isinstance(value, list):
                options += ["%s[%d]" % (field, i) for i, v in enumerate(value) if isinstance(v, ast.expr)]
        options.append("0")
        for option in options:

            def replace(copy_tree: ast.Module, position: int = position, option: str = option) -> None:
                target = _nodes(copy_tree)[position]
                if option == "0":
                    new: ast.expr = ast.Constant(0)
                elif "[" in option:
                    field, index = option[:-1].split("[")
                    new = getattr(target, field)[int(index)]
                else:
                    new = getattr(target, option)
                _replace_node(copy_tree, target, new)

            yield replace


def _replace_node(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list):
                for index, item in enumerate(value):
                    if item is old:
                        value[index] = new
                        return


class Minimiser:
    def __init__(self, python: str, timeout: float = 30.0, max_checks: int = 1500, max_seconds: float = 300.0) -> None:
        self.worker = WorkerProcess(python, timeout)
        self.max_checks = max_checks
        self.max_seconds = max_seconds
        self.checks = 0

    def _still(self, source: str, inputs: List[list], signature: str) -> Optional[Dict[str, object]]:
        self.checks += 1
        result = self.worker.check(Program("min", source, inputs))
        return result if finding_signature(result) == signature else None

    def minimise(self, program: Program, result: Dict[str, object]) -> "tuple[Program, Dict[str, object]]":
        """The smallest program found that gives the same finding, and its result."""
        signature = finding_signature(result)
        started = time.time()
        tree = ast.parse(program.source)
        inputs = list(program.inputs)
        # Lengths compare in the unparsed form the candidates are written in.
        source, best = ast.unparse(tree), result
        try:
            if not self._still(source, inputs, signature):
                source = program.source
            # Fewer inputs first: each check runs faster after.
            for keep in range(len(inputs)):
                found = self._still(source, [inputs[keep]], signature)
                if found:
                    inputs, best = [inputs[keep]], found
                    break
            progress = True
            while progress and self.checks < self.max_checks and time.time() - started < self.max_seconds:
                progress = False
                for candidates in (_statement_candidates, _unwrap_candidates, _expression_candidates):
                    for edit in candidates(tree):
                        if self.checks >= self.max_checks or time.time() - started >= self.max_seconds:
                            break
                        attempt = copy.deepcopy(tree)
                        try:
                            edit(attempt)
                            text = ast.unparse(ast.fix_missing_locations(attempt))
                        except Exception:  # noqa: BLE001 - an edit that makes no tree is skipped
                            continue
                        if len(text) >= len(source):
                            continue
                        found = self._still(text, inputs, signature)
                        if found:
                            tree, source, best, progress = attempt, text, found, True
                            break
                    if progress:
                        break
        finally:
            self.worker.close()
        return Program(program.ident, source, inputs), best
