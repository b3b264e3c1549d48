"""What the rewrites may assume about the names of one function.

A rewrite that moves, repeats or drops the evaluation of a name must know
that the name holds the same value wherever it reads it. That holds for a
*single-assignment* local: a parameter never rebound, or a local bound by
exactly one assignment statement, never deleted, never declared global or
nonlocal, and never bound inside a nested scope (a nested function could
rebind it through `nonlocal`). Only this function's own statements count;
nested functions and lambdas are separate scopes whose bodies the rewrites
leave alone.
"""

from __future__ import annotations

import ast
import collections
from typing import AbstractSet, Dict, Iterator, List, Set, Union

from depyf.explain.readable.tree import child_nodes, walk

FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]
_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
# Patterns that bind a name (Python 3.10+; none before).
_CAPTURE_PATTERNS = tuple(getattr(ast, name) for name in ("MatchAs", "MatchStar", "MatchMapping") if hasattr(ast, name))
# Calls that read or write a frame's variables by name: with one of them in
# the function, no local may be renamed or dropped.
_INTROSPECTION = {"locals", "vars", "exec", "eval", "dir"}


def own_nodes(root: ast.AST, skip: AbstractSet[int] = frozenset()) -> Iterator[ast.AST]:
    """Every node of `root`'s own scope (not inside nested functions, lambdas or classes),
    leaving out the subtrees whose id() is in `skip`."""
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in skip:
            continue
        yield node
        for child in child_nodes(node):
            if isinstance(child, _NESTED_SCOPES):
                # The decorators, defaults and bases are evaluated here.
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    stack.extend(child.decorator_list)
                    stack.extend(child.args.defaults)
                    stack.extend(d for d in child.args.kw_defaults if d is not None)
                elif isinstance(child, ast.Lambda):
                    stack.extend(child.args.defaults)
                    stack.extend(d for d in child.args.kw_defaults if d is not None)
                else:
                    stack.extend(child.decorator_list)
                    stack.extend(child.bases)
                    stack.extend(k.value for k in child.keywords)
                yield child  # the def itself binds its name here
                continue
            stack.append(child)


def _parameter_names(function: FunctionNode) -> List[str]:
    args = function.args
    names = [a.arg for a in getattr(args, "posonlyargs", [])] + [a.arg for a in args.args]
    if args.vararg is not None:
        names.append(args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg is not None:
        names.append(args.kwarg.arg)
    return names


def _names_bound_inside(node: ast.AST) -> Set[str]:
    """Names a nested scope binds for its enclosing function (nonlocal) or in
    comprehensions (walrus targets bind in the enclosing function)."""
    bound: Set[str] = set()
    for inner in walk(node):
        if isinstance(inner, ast.Nonlocal):
            bound.update(inner.names)
        elif isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
            bound.add(inner.target.id)
    return bound


class FunctionScope:
    """Binding facts about one function's own locals."""

    def __init__(self, function: FunctionNode) -> None:
        self.function = function
        self.parameters = _parameter_names(function)
        self.bindings: Dict[str, int] = collections.Counter(self.parameters)
        self.deleted: Set[str] = set()
        self.declared: Set[str] = set()  # global / nonlocal
        self.bound_in_nested: Set[str] = set()
        self.used_in_nested: Set[str] = set()
        self._nested_arguments: Set[str] = set()
        self.loads: Dict[str, int] = collections.Counter()
        self.introspects = False
        for node in own_nodes(function):
            if node is function:
                continue
            if isinstance(node, _NESTED_SCOPES):
                if not isinstance(node, ast.Lambda):
                    self.bindings[node.name] += 1
                self.bound_in_nested |= _names_bound_inside(node)
                for inner in walk(node):
                    if isinstance(inner, ast.Name):
                        self.used_in_nested.add(inner.id)
                    elif isinstance(inner, ast.arg):
                        self._nested_arguments.add(inner.arg)
                continue
            if isinstance(node, _COMPREHENSIONS):
                self.bound_in_nested |= _names_bound_inside(node)
                for generator in node.generators:
                    for target in walk(generator.target):
                        if isinstance(target, ast.Name):
                            # The comprehension's own variable: never one value of this function.
                            self.bindings[target.id] += 2
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store):
                    self.bindings[node.id] += 1
                elif isinstance(node.ctx, ast.Del):
                    self.deleted.add(node.id)
                else:
                    self.loads[node.id] += 1
                    if node.id in _INTROSPECTION:
                        self.introspects = True
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.declared.update(node.names)
            elif isinstance(node, ast.alias):
                self.bindings[(node.asname or node.name).split(".")[0]] += 1
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.bindings[node.name] += 1
                self.deleted.add(node.name)  # unbound again at the clause's end
            elif isinstance(node, _CAPTURE_PATTERNS):
                captured = getattr(node, "name", None) or getattr(node, "rest", None)
                if captured:
                    self.bindings[captured] += 2  # bound only when the pattern matches

    def is_local(self, name: str) -> bool:
        return name in self.bindings and name not in self.declared

    def is_single_assignment(self, name: str) -> bool:
        """Bound once here, never deleted or rebound elsewhere: one value everywhere it is read."""
        return (
            self.bindings.get(name, 0) == 1
            and name not in self.deleted
            and name not in self.declared
            and name not in self.bound_in_nested
        )

    def is_plain_local(self, name: str) -> bool:
        """A single-assignment local no nested scope sees: its binding may move or go."""
        return self.is_single_assignment(name) and name not in self.used_in_nested and name not in self.parameters

    def uses(self, name: str) -> int:
        return self.loads.get(name, 0)

    def all_names(self) -> Set[str]:
        """Every name the function or a nested scope uses: a new name must be none of them."""
        return (
            set(self.bindings)
            | set(self.loads)
            | self.deleted
            | self.declared
            | self.bound_in_nested
            | self.used_in_nested
            | self._nested_arguments
        )
