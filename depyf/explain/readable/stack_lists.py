"""Dynamo's stack lists read back as the values they carry.

Since torch 2.x, Dynamo passes the values live at a graph break to the
resume function through lists it builds, slices, splices and deletes from on
the stack (`x = [a][0:1]; x.extend([b]); y = [x]; y[0][0:] = [y[0][1],
y[0][0]]; ...; f(*[[], y, *z])`). None of these lists is ever seen by
anything but those operations until one is passed on. So each list a display
creates is followed *abstractly*: its items are known values (constants,
names that hold one value throughout, or other followed lists), constant
subscripts read them, slice assignments, `extend`, `append` and `del` change
them, all without code; only where a list is passed on (escapes) does it
become real again: an inline display where nothing reads it afterwards, else
a display bound to a name right before the statement that passes it on
(identity kept: later reads see the same object). `f(*[a, *b])` becomes
`f(a, ...)`.

Why this preserves behaviour: a list display has no effect but evaluating
its items. Items that are not already one fixed value are bound to a new name
where the display stood, in order, so every expression still runs once, at
the same point and in the same order. The operations followed abstractly act
only on lists no other code can see, and a list is made real before anything
else can see it.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import itertools
from typing import Callable, Dict, List, Optional, Set, Union, cast

from depyf.explain.readable.blocks import inner_blocks, is_terminal, own_expressions
from depyf.explain.readable.expressions import Replacer, clone, constant_index, is_constant, is_generated_global
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.tree import walk

_ids = itertools.count()


@dataclasses.dataclass
class Followed:
    """A list no other code has seen: its items (values or other followed lists)."""

    items: List["Value"]
    name: Optional[str] = None  # set once the list is real, held by this name
    ident: int = dataclasses.field(default_factory=lambda: next(_ids))


Value = Union[ast.expr, Followed]


class _Giveup(Exception):
    """An abstract operation that cannot be followed (the statement is kept as it is)."""


class _State:
    def __init__(self) -> None:
        self.lists: Dict[str, Followed] = {}

    def copy(self) -> "_State":
        memo: Dict[int, Followed] = {}

        def dup(value: Value) -> Value:
            if not isinstance(value, Followed):
                return value
            if value.ident not in memo:
                twin = Followed([], value.name, value.ident)
                memo[value.ident] = twin
                twin.items = [dup(item) for item in value.items]
            return memo[value.ident]

        other = _State()
        other.lists = {name: dup(value) for name, value in self.lists.items()}  # type: ignore[misc]
        return other


def _reaches(value: Value, target: Followed, seen: Optional[Set[int]] = None) -> bool:
    if not isinstance(value, Followed):
        return False
    if value.ident == target.ident:
        return True
    seen = seen if seen is not None else set()
    if value.ident in seen or value.name is not None:
        return False
    seen.add(value.ident)
    return any(_reaches(item, target, seen) for item in value.items)


class _Statement:
    """What the rewrite of one statement needs: the names read after it, the
    statements to put before it."""

    def __init__(self, later: Set[str], here: Dict[str, int]) -> None:
        self.later = later
        self.here = here
        self.before: List[ast.stmt] = []


class StackListFollower:
    def __init__(self, function: FunctionNode, fresh_name: Callable[[], str]) -> None:
        self.function = function
        self.scope = FunctionScope(function)
        self.fresh_name = fresh_name
        self.fresh: Set[str] = set()
        self.later, self.here = _reads_after(function)
        self.changed = False
        self.following = True

    # ---- what stays one value ----

    def _stable(self, node: ast.expr) -> bool:
        if is_constant(node):
            return True
        if isinstance(node, ast.Name):
            if node.id in self.fresh:
                return True
            if self.scope.is_local(node.id):
                return self.scope.is_single_assignment(node.id)
            return is_generated_global(node.id)
        return False

    def _bind(self, node: ast.expr, statement: _Statement) -> ast.expr:
        """`node` if it is one fixed value, else a new name bound to it right here."""
        if self._stable(node):
            return node
        name = self.fresh_name()
        self.fresh.add(name)
        statement.before.append(ast.Assign(targets=[ast.Name(name, ast.Store())], value=node, lineno=0))
        return ast.Name(name, ast.Load())

    # ---- reading values ----

    def _peek(self, node: ast.expr, state: _State) -> Optional[Value]:
        """The value of `node` where it only reads followed lists (no code runs), else None."""
        if isinstance(node, ast.Name) and node.id in state.lists:
            held = state.lists[node.id]
            return ast.Name(held.name, ast.Load()) if held.name else held
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            index = constant_index(node)
            if index is None:
                return None
            base = self._peek(node.value, state)
            if not isinstance(base, Followed):
                return None
            return _item_or_slice(base, index)
        return None

    def _resolve(self, node: ast.expr, statement: _Statement, state: _State) -> Value:
        """The value of an expression evaluated as a whole right here: displays become
        followed lists (their items bound in order where they are not one fixed value)."""
        peeked = self._peek(node, state)
        if peeked is not None:
            return peeked
        if isinstance(node, ast.List) and isinstance(node.ctx, ast.Load):
            items: List[Value] = []
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    spread = self._resolve(element.value, statement, state)
                    if not isinstance(spread, Followed):
                        # An iterable of unknown length: the rest must run as written.
                        raise _Giveup()
                    items.extend(spread.items)
                else:
                    value = self._resolve(element, statement, state)
                    items.append(value if isinstance(value, Followed) else self._bind(value, statement))
            return Followed(items)
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            index = constant_index(node)
            if index is not None and isinstance(node.value, ast.List):
                base = self._resolve(node.value, statement, state)
                if isinstance(base, Followed):
                    picked = _item_or_slice(base, index)
                    if picked is not None:
                        return picked
                raise _Giveup()
        return self._escape(node, statement, state)

    # ---- making lists real ----

    def _live(self, target: Followed, statement: _Statement, state: _State) -> bool:
        """Whether `target` may be reached again after this escape: more than one
        reference to it among the variables still read (here or later) and the
        followed lists they reach. Then it needs a name, so identity is kept."""
        count = 0

        def paths(value: Value, on_path: Set[int]) -> int:
            """How many ways `value` reaches target (2 means: more than one)."""
            if not isinstance(value, Followed) or value.name is not None:
                return 0
            if value.ident == target.ident:
                return 1
            if value.ident in on_path:
                return 2  # a list inside itself: be safe
            on_path.add(value.ident)
            total = 0
            for item in value.items:
                total += paths(item, on_path)
                if total > 1:
                    break
            on_path.discard(value.ident)
            return total

        for name, value in state.lists.items():
            uses = 2 if name in statement.later else statement.here.get(name, 0)
            if uses:
                count += uses * paths(value, set())
            if count > 1:
                return True
        return False

    def _real(self, value: Value, statement: _Statement, state: _State) -> ast.expr:
        """The expression for a value passed on: a followed list becomes a display,
        bound to a name first where something reads it again later."""
        if not isinstance(value, Followed):
            return clone(value)
        if value.name is not None:
            return ast.Name(value.name, ast.Load())
        display = ast.List([self._real(item, statement, state) for item in value.items], ast.Load())
        if not self._live(value, statement, state):
            return display
        holders = [n for n, v in state.lists.items() if v is value and self.scope.is_plain_local(n)]
        name = holders[0] if holders else self.fresh_name()
        self.fresh.add(name)
        value.name = name
        statement.before.append(ast.Assign(targets=[ast.Name(name, ast.Store())], value=display, lineno=0))
        return ast.Name(name, ast.Load())

    def _escape(self, node: ast.expr, statement: _Statement, state: _State) -> ast.expr:
        """`node` rewritten where it reads followed lists; nothing moves."""
        peeked = self._peek(node, state)
        if peeked is not None:
            return self._real(peeked, statement, state)
        if isinstance(node, ast.Call):
            func = self._escape(node.func, statement, state)
            args = self._spread(node.args, statement, state)
            keywords = [ast.keyword(k.arg, self._escape(k.value, statement, state)) for k in node.keywords]
            return ast.Call(func, args, keywords)
        if isinstance(node, ast.Set):
            return ast.Set(self._spread(node.elts, statement, state))
        if isinstance(node, (ast.List, ast.Tuple)) and isinstance(node.ctx, ast.Load):
            return type(node)(self._spread(node.elts, statement, state), ast.Load())
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return node  # own scopes: their names are not this function's
        rebuilt = copy.copy(node)  # shallow: every field is rebuilt below
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(rebuilt, field, self._escape(value, statement, state))
            elif isinstance(value, list):
                setattr(
                    rebuilt, field, [self._escape(v, statement, state) if isinstance(v, ast.expr) else v for v in value]
                )
        return rebuilt

    def _spread(self, elements: List[ast.expr], statement: _Statement, state: _State) -> List[ast.expr]:
        """Elements of a call's arguments or a display, `*followed` spliced in place."""
        result: List[ast.expr] = []
        for element in elements:
            if isinstance(element, ast.Starred):
                inner = element.value
                spliced = self._peek(inner, state)
                if isinstance(spliced, Followed):
                    result.extend(self._real(item, statement, state) for item in spliced.items)
                    self.changed = True
                    continue
                if isinstance(inner, ast.List) and isinstance(inner.ctx, ast.Load):
                    result.extend(self._spread(inner.elts, statement, state))
                    self.changed = True
                    continue
                result.append(ast.Starred(self._escape(inner, statement, state), ast.Load()))
            else:
                result.append(self._escape(element, statement, state))
        return result

    # ---- statements ----

    def _follow(self, node: ast.stmt, statement: _Statement, state: _State) -> bool:
        """Follows a statement that only builds or changes followed lists; False if it is not one."""
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and self.scope.is_plain_local(target.id):
                value = self._resolve(node.value, statement, state)
                if not isinstance(value, Followed):
                    return False
                state.lists[target.id] = value
                return True
            if isinstance(target, ast.Subscript):
                index = constant_index(target)
                base = self._peek(target.value, state)
                if index is None or not isinstance(base, Followed):
                    return False
                value = self._resolve(node.value, statement, state)
                if isinstance(index, slice):
                    if not isinstance(value, Followed) or index.step not in (None, 1):
                        raise _Giveup()
                    _no_cycle(value.items, base)
                    base.items[index] = list(value.items)
                else:
                    if not -len(base.items) <= index < len(base.items):
                        raise _Giveup()
                    _no_cycle([value], base)
                    base.items[index] = value if isinstance(value, Followed) else self._bind(value, statement)
                return True
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            call = node.value
            if (
                isinstance(call.func, ast.Attribute)
                and call.func.attr in ("extend", "append")
                and len(call.args) == 1
                and not call.keywords
                and not isinstance(call.args[0], ast.Starred)
            ):
                base = self._peek(call.func.value, state)
                if not isinstance(base, Followed):
                    return False
                value = self._resolve(call.args[0], statement, state)
                _no_cycle(value.items if isinstance(value, Followed) and call.func.attr == "extend" else [value], base)
                if call.func.attr == "append":
                    base.items.append(value if isinstance(value, Followed) else self._bind(value, statement))
                elif isinstance(value, Followed):
                    base.items.extend(value.items)
                else:
                    raise _Giveup()
                return True
        if isinstance(node, ast.Delete) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
            target = node.targets[0]
            index = constant_index(target)
            base = self._peek(target.value, state)
            if index is None or not isinstance(base, Followed):
                return False
            if isinstance(index, int) and not -len(base.items) <= index < len(base.items):
                raise _Giveup()
            del base.items[index]
            return True
        return False

    def _rewrite_plain(self, node: ast.stmt, statement: _Statement, state: _State) -> ast.stmt:
        """A simple statement run as written, its reads of followed lists replaced."""
        if not self._touches(node, state):
            return node
        rebuilt = copy.copy(node)
        for field, value in ast.iter_fields(rebuilt):
            values = value if isinstance(value, list) else [value]
            rewritten = [
                self._target(v, statement, state)
                if _is_store(v)
                else self._escape(v, statement, state)
                if isinstance(v, ast.expr)
                else v
                for v in values
            ]
            setattr(rebuilt, field, rewritten if isinstance(value, list) else rewritten[0])
        return rebuilt

    def _touches(self, node: ast.AST, state: _State) -> bool:
        """Whether rewriting `node` could change anything: it reads a followed list, or
        has a list display or a starred item that could be spread."""
        for inner in walk(node):
            if isinstance(inner, ast.Name) and inner.id in state.lists:
                return True
            if isinstance(inner, (ast.List, ast.Starred)):
                return True
        return False

    def _target(self, node: ast.expr, statement: _Statement, state: _State) -> ast.expr:
        """An assignment or del target: what it reads (`x` in `x[i] = v`) is rewritten, names stay."""
        if isinstance(node, (ast.Tuple, ast.List)):
            return type(node)([self._target(e, statement, state) for e in node.elts], node.ctx)
        if isinstance(node, ast.Starred):
            return ast.Starred(self._target(node.value, statement, state), node.ctx)
        if isinstance(node, ast.Attribute):
            return ast.Attribute(self._escape(node.value, statement, state), node.attr, node.ctx)
        if isinstance(node, ast.Subscript):
            return ast.Subscript(
                self._escape(node.value, statement, state), self._escape(node.slice, statement, state), node.ctx
            )
        return node

    def _statement(self, node: ast.stmt, state: _State) -> List[ast.stmt]:
        statement = _Statement(self.later.get(id(node), set()), self.here.get(id(node), {}))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._make_all_real(statement, state, node)
            return statement.before + [node]
        if not inner_blocks(node):
            if self.following:
                trial = state.copy()
                attempt = _Statement(statement.later, statement.here)
                try:
                    if self._follow(node, attempt, trial):
                        state.lists = trial.lists
                        self.changed = True
                        return attempt.before
                except _Giveup:
                    pass
            return statement.before + [self._rewrite_plain(node, statement, state)]
        if isinstance(node, ast.If) and self.following:
            node.test = self._escape(node.test, statement, state)
            body_leaves, else_leaves = is_terminal(node.body), is_terminal(node.orelse)
            if body_leaves:
                node.body = self._block(node.body, state.copy()) or [ast.Pass()]
                node.orelse = self._block(node.orelse, state)  # runs on into the code after the if
            elif else_leaves:
                node.orelse = self._block(node.orelse, state.copy())
                node.body = self._block(node.body, state) or [ast.Pass()]
            else:
                self._make_all_real(statement, state, node)
                node.body = self._block_as_written(node.body, state) or [ast.Pass()]
                node.orelse = self._block_as_written(node.orelse, state)
            return statement.before + [node]
        # Any other compound statement (loops, with, try, match) runs as written,
        # every followed list it reads real before it.
        self._make_all_real(statement, state, node)
        parts = own_expressions(node)
        replacements = {
            id(part): self._escape(part, statement, state)
            for part in parts
            if isinstance(part, ast.expr) and not _is_store(part)
        }
        node = cast(ast.stmt, Replacer(lambda n: replacements.get(id(n))).visit(node))
        for owner, field in _block_fields(node):
            setattr(owner, field, self._block_as_written(getattr(owner, field), state) or [ast.Pass()])
        return statement.before + [node]

    def _block_as_written(self, body: List[ast.stmt], state: _State) -> List[ast.stmt]:
        following, self.following = self.following, False
        try:
            return self._block(body, state)
        finally:
            self.following = following

    def _make_all_real(self, statement: _Statement, state: _State, node: Optional[ast.stmt] = None) -> None:
        """Every followed list a variable read in `node` holds (every one, without a node)
        becomes real (named) before the statement. Lists no variable read there reaches
        stay followed: no other code can see them."""
        read = None if node is None else {n.id for n in walk(node) if isinstance(n, ast.Name)}
        for name, value in list(state.lists.items()):
            if read is not None and name not in read:
                continue
            if isinstance(value, Followed) and value.name is None:
                kept_live = _Statement(statement.later | {name}, statement.here)
                kept_live.before = statement.before  # the binding goes before this statement
                self._real(value, kept_live, state)

    def _block(self, body: List[ast.stmt], state: _State) -> List[ast.stmt]:
        result: List[ast.stmt] = []
        for node in body:
            result.extend(self._statement(node, state))
        return result

    def run(self) -> bool:
        self.function.body = self._block(self.function.body, _State()) or [ast.Pass()]
        return self.changed


def _no_cycle(items: List[Value], base: Followed) -> None:
    """A list put inside itself cannot be written as a display: it runs as written."""
    if any(_reaches(item, base) for item in items):
        raise _Giveup()


def _is_store(node: ast.expr) -> bool:
    return isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del))


def _item_or_slice(base: Followed, index: object) -> Optional[Value]:
    if isinstance(index, slice):
        if index.step not in (None, 1):
            return None
        return Followed(list(base.items[index]))
    assert isinstance(index, int)
    if -len(base.items) <= index < len(base.items):
        return base.items[index]
    return None


def _block_fields(node: ast.stmt) -> List["tuple[object, str]"]:
    fields: List["tuple[object, str]"] = []
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(node, field, None)
        if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
            fields.append((node, field))
    for handler in getattr(node, "handlers", []):
        fields.append((handler, "body"))
    for case in getattr(node, "cases", []):
        fields.append((case, "body"))
    return fields


def _reads_after(function: FunctionNode) -> "tuple[Dict[int, Set[str]], Dict[int, Dict[str, int]]]":
    """For each statement: the names read by any statement after it in source
    order (an over-approximation of what runs after it), and how often the
    statement itself reads each name."""
    order: List[ast.stmt] = []

    def visit(body: List[ast.stmt]) -> None:
        for statement in body:
            order.append(statement)
            for inner in inner_blocks(statement):
                visit(inner)

    visit(function.body)
    reads: List[Dict[str, int]] = []
    for statement in order:
        counts: Dict[str, int] = {}
        for part in own_expressions(statement):
            for node in walk(part):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    counts[node.id] = counts.get(node.id, 0) + 1
        reads.append(counts)
    later: Dict[int, Set[str]] = {}
    seen: Set[str] = set()
    for statement, counts in zip(reversed(order), reversed(reads)):
        later[id(statement)] = set(seen)
        seen |= set(counts)
    return later, {id(s): c for s, c in zip(order, reads)}


def follow_stack_lists(function: FunctionNode, fresh_name: Callable[[], str]) -> bool:
    """Rewrites the function's own statements; True if anything changed."""
    return StackListFollower(function, fresh_name).run()
