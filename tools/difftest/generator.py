"""Random, runnable, deterministic Python programs for the differential tester.

Why our own generator and not hypothesmith: hypothesmith draws programs from
the grammar, so almost everything it makes is syntactically valid but does
nothing when run (undefined names, wrong types, code never reached). A
difference in behaviour only shows when the code runs, down the paths that
matter: through handlers, finally bodies, loop exits. This generator knows
the types of its variables (ints, lists, pairs), calls helpers that log
what they see and raise for some inputs (tools/difftest/driver.py), bounds
every loop so every program ends, and restricts itself to what the target
version's grammar accepts (match from 3.10, except* from 3.11, parenthesised
with items from 3.10) and to what its compiler allows in each place (no
`break` outside a loop, no `return` in an except* clause, no `await`
outside an async function, a `global` before any use).

Programs are module source with functions `f0`, `f1`, ... of parameters
`(a, b, c)`; the random generator is seeded per program, so a seed and an
index name one program for good.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable, List, Optional, Set

INDENT = "    "


@dataclasses.dataclass
class Program:
    ident: str
    source: str
    inputs: List[list]


@dataclasses.dataclass
class Scope:
    """What the code being generated may use at this point."""

    ints: List[str]
    lists: List[str]
    pairs: List[str]
    is_async: bool
    loop_depth: int = 0  # loops enclosing this point inside the current function (or except* block)
    loop_counters: int = 0
    in_except_star: bool = False  # no return/break/continue may leave an except* clause
    handler_names: List[str] = dataclasses.field(default_factory=list)  # `except E as name` in force
    in_handler: bool = False  # a bare `raise` re-raises something
    inner_functions: List[str] = dataclasses.field(default_factory=list)
    callable_functions: List[str] = dataclasses.field(default_factory=list)  # later f_j, sync
    awaitable_functions: List[str] = dataclasses.field(default_factory=list)  # later f_j, async
    comprehension_vars: List[str] = dataclasses.field(default_factory=list)
    in_comprehension: bool = False
    nested_level: int = 0

    def child(self, **changes: object) -> "Scope":
        copy = dataclasses.replace(self, **changes)  # type: ignore[arg-type]
        copy.ints = list(self.ints)
        copy.lists = list(self.lists)
        copy.pairs = list(self.pairs)
        copy.handler_names = list(self.handler_names)
        copy.inner_functions = list(self.inner_functions)
        copy.comprehension_vars = list(self.comprehension_vars)
        return copy


class Generator:
    """One program's worth of random choices; `program()` renders it."""

    def __init__(self, seed: str, minor: int, max_depth: Optional[int] = None, without: Set[str] = frozenset()) -> None:
        self.random = random.Random(seed)
        self.minor = minor
        # Mostly small functions: one shape the decompiler refuses refuses the whole function,
        # so big ones test less, not more.
        self.max_depth = max_depth or self.random.choice([1, 2, 2, 3])
        self.without = without
        self.counter = 0
        self.seed = seed

    # -- names -------------------------------------------------------------
    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def chance(self, p: float) -> bool:
        return self.random.random() < p

    def pick(self, items: List[str]) -> str:
        return self.random.choice(items)

    # -- expressions -------------------------------------------------------
    def small(self) -> str:
        return str(self.random.randint(-2, 5))

    def int_expr(self, scope: Scope, depth: int = 0) -> str:
        names = scope.ints + scope.comprehension_vars
        if depth >= 2 or self.chance(0.3):
            return self.pick(names) if names and self.chance(0.7) else self.small()
        choice = self.random.randint(0, 18)
        e = lambda: self.int_expr(scope, depth + 1)  # noqa: E731
        if choice == 0:
            return "t(%s)" % e()
        if choice == 1:
            return "(%s %s %s)" % (e(), self.pick(["+", "-", "&", "|", "^"]), e())
        if choice == 2:
            return "(%s %s %s)" % (e(), self.pick(["//", "%"]), e())
        if choice == 3:
            return "(%s if %s else %s)" % (e(), self.cond(scope, depth + 1), e())
        if choice == 4:
            return "(%s %s %s)" % (e(), self.pick(["and", "or"]), e())
        if choice == 5 and not scope.in_comprehension and scope.ints:
            return "(%s := %s)" % (self.pick(scope.ints), e())
        if choice == 6:
            return "len(%s)" % self.seq_expr(scope, depth + 1)
        if choice == 7:
            return "%s[%s]" % (self.seq_expr(scope, depth + 1), self.small())
        if choice == 8:
            return "boom(%s)" % e()
        if choice == 9:
            return self.pick(["o.v", "o.w", "d['k']", "d['j']"])
        if choice == 10 and scope.inner_functions:
            return "%s(%s)" % (self.pick(scope.inner_functions), e())
        if choice == 11 and scope.is_async and not scope.in_comprehension:
            return "(await aw(%s))" % e()
        if choice == 12 and scope.callable_functions:
            return "%s(%s, %s, %s[:])" % (self.pick(scope.callable_functions), e(), e(), self.list_expr(scope, 2))
        if choice == 13 and scope.is_async and scope.awaitable_functions and not scope.in_comprehension:
            function = self.pick(scope.awaitable_functions)
            return "(await %s(%s, %s, %s[:]))" % (function, e(), e(), self.list_expr(scope, 2))
        if choice == 14:
            return "sum(%s)" % self.comprehension(scope, depth + 1, "(%s)")
        if choice == 15:
            return "(-%s)" % e()
        if choice == 16:
            # A lambda is a function of its own: no await in its body.
            body = self.int_expr(scope.child(is_async=False), depth + 1)
            return "(lambda p: p %s %s)(%s)" % (self.pick(["+", "-"]), body, e())
        if choice == 17:
            # Multiplying by a small literal only: squaring in a loop would never end.
            return "(%s * %s)" % (e(), self.small())
        return self.pick(names) if names else self.small()

    def seq_expr(self, scope: Scope, depth: int = 0) -> str:
        if scope.pairs and self.chance(0.3):
            return self.pick(scope.pairs)
        return self.list_expr(scope, depth)

    def list_expr(self, scope: Scope, depth: int = 0) -> str:
        if depth >= 2 or self.chance(0.4):
            if scope.lists and self.chance(0.8):
                return self.pick(scope.lists)
            return "[%s]" % ", ".join(self.small() for _ in range(self.random.randint(0, 3)))
        choice = self.random.randint(0, 6)
        if choice == 0:
            return "[%s]" % ", ".join(self.int_expr(scope, depth + 1) for _ in range(self.random.randint(0, 3)))
        if choice == 1:
            return self.comprehension(scope, depth + 1, "[%s]")
        if choice == 2:
            return "t(%s)" % self.list_expr(scope, depth + 1)
        if choice == 3:
            # Lists grow by displays only: `l0 = l0 + l0` in nested loops would outgrow memory.
            return "(%s + [%s])" % (self.list_expr(scope, depth + 1), self.int_expr(scope, depth + 1))
        if choice == 4:
            return "sorted(%s)" % self.seq_expr(scope, depth + 1)
        if choice == 5:
            return "list(range(%s))" % self.random.randint(0, 4)
        return "%s[%s:]" % (self.seq_expr(scope, depth + 1), self.random.randint(0, 2))

    def comprehension(self, scope: Scope, depth: int, brackets: str) -> str:
        var = self.fresh("v")
        inner = scope.child(in_comprehension=True)
        # (No walrus in a comprehension's iterable either.)
        source = self.iter_source(inner, depth + 1)
        inner.comprehension_vars.append(var)
        clauses = "for %s in %s" % (var, source)
        asynchronous = scope.is_async and brackets == "[%s]" and self.chance(0.15)
        # An async comprehension inside another comprehension compiles from 3.11 only.
        if asynchronous and (self.minor >= 11 or not scope.in_comprehension):
            clauses = "async for %s in AIter(%s)" % (var, source)
        if self.chance(0.5):
            clauses += " if %s" % self.cond(inner, depth + 1)
        if self.chance(0.15):
            var2 = self.fresh("v")
            clauses += " for %s in range(%d)" % (var2, self.random.randint(0, 3))
            inner.comprehension_vars.append(var2)
        return brackets % ("%s %s" % (self.int_expr(inner, depth + 1), clauses))

    def iter_source(self, scope: Scope, depth: int = 0) -> str:
        """What a loop or comprehension runs over: never a list the body could grow while it runs
        (a list variable is sliced, which copies it and bounds its length)."""
        choice = self.random.randint(0, 4)
        if choice == 0:
            return "range(%d)" % self.random.randint(0, 4)
        if choice == 1 and scope.pairs:
            return self.pick(scope.pairs)
        if choice == 2:
            return "[%s]" % ", ".join(self.int_expr(scope, depth + 1) for _ in range(self.random.randint(0, 3)))
        if choice == 3 and scope.lists:
            return "sorted(%s)[:%d]" % (self.pick(scope.lists), self.random.randint(1, 3))
        return "%s[:%d]" % (self.seq_expr(scope, depth + 1), self.random.randint(1, 4))

    def cond(self, scope: Scope, depth: int = 0) -> str:
        e = lambda: self.int_expr(scope, depth + 1)  # noqa: E731
        if depth >= 3:
            return "%s %s %s" % (e(), self.pick(["<", ">", "==", "!="]), self.small())
        choice = self.random.randint(0, 9)
        if choice == 0:
            return "%s %s %s %s %s" % (e(), self.pick(["<", "<="]), e(), self.pick(["<", "<=", "!="]), e())
        if choice == 1:
            return "(%s %s %s)" % (self.cond(scope, depth + 1), self.pick(["and", "or"]), self.cond(scope, depth + 1))
        if choice == 2:
            return "not %s" % self.cond(scope, depth + 2)
        if choice == 3:
            return "chk(%s)" % e()
        if choice == 4:
            return "%s %s %s" % (e(), self.pick(["in", "not in"]), self.seq_expr(scope, depth + 1))
        if choice == 5 and not scope.in_comprehension and scope.ints:
            return "(%s := %s)" % (self.pick(scope.ints), e())
        if choice == 6:
            return "%s(%s)" % (self.pick(["any", "all"]), self.comprehension(scope, depth + 1, "(%s)"))
        if choice == 7:
            return "(%s if %s else %s)" % (
                self.cond(scope, depth + 1),
                self.cond(scope, depth + 2),
                self.cond(scope, depth + 2),
            )
        return "%s %s %s" % (e(), self.pick(["<", ">", "==", "!=", "<=", ">="]), e())

    # -- statements --------------------------------------------------------
    def block(self, scope: Scope, depth: int, indent: str, minimum: int = 1) -> List[str]:
        """A statement list; it stops after a statement that always leaves (later code would be dead)."""
        lines: List[str] = []
        count = self.random.randint(minimum, 4 if depth < 2 else 2)
        for _ in range(count):
            chunk, leaves = self.statement(scope, depth, indent)
            lines += chunk
            if leaves:
                break
        return lines or [indent + "pass"]

    def statement(self, scope: Scope, depth: int, indent: str) -> "tuple[List[str], bool]":
        compound = depth < self.max_depth and self.chance(0.45)
        if compound:
            makers: List[Callable[[Scope, int, str], List[str]]] = [
                self.if_statement,
                self.for_statement,
                self.while_statement,
                self.try_statement,
                self.try_statement,
                self.with_statement,
            ]
            if self.minor >= 10:
                makers.append(self.match_statement)
            if self.minor >= 11:
                makers.append(self.try_star_statement)
            if scope.nested_level == 0 and not scope.in_except_star:
                makers.append(self.nested_function)
            return self.random.choice(makers)(scope, depth + 1, indent), False
        return self.simple_statement(scope, indent)

    def simple_statement(self, scope: Scope, indent: str) -> "tuple[List[str], bool]":
        roll = self.random.random()
        # Leaving statements: returns anywhere, loop jumps inside loops, raises.
        if roll < 0.09 and not scope.in_except_star:
            if self.chance(0.2):
                return [indent + "return"], True
            return [indent + "return %s" % self.int_expr(scope)], True
        if roll < 0.16 and scope.loop_depth:
            return [indent + self.pick(["break", "continue"])], True
        if roll < 0.21:
            return [indent + self.raise_statement(scope)], True
        return [indent + line for line in self.plain_statement(scope)], False

    def raise_statement(self, scope: Scope) -> str:
        error = "%s(%s)" % (self.pick(["E1", "E2", "E3"]), self.int_expr(scope))
        choice = self.random.randint(0, 5)
        if scope.in_handler and choice == 0:
            return "raise"
        if choice == 1:
            cause = self.pick(scope.handler_names) if scope.handler_names else "E2(%s)" % self.small()
            return "raise %s from %s" % (error, cause)
        if choice == 2:
            return "raise %s from None" % error
        return "raise " + error

    def plain_statement(self, scope: Scope) -> List[str]:
        i = lambda: self.int_expr(scope)  # noqa: E731
        target = lambda: self.pick(scope.ints)  # noqa: E731
        choice = self.random.randint(0, 21)
        if choice == 0:
            return ["%s = %s" % (target(), i())]
        if choice == 1:
            return ["%s = %s = %s" % (target(), target(), i())]
        if choice == 2:
            return ["%s, %s = %s, %s" % (target(), target(), i(), i())]
        if choice == 3:
            # A tuple target in the middle of a chain (issue 22's first shape), or at either end.
            pair = self.pick(scope.pairs)
            targets = ["(%s, %s)" % (target(), target()), pair]
            if self.chance(0.5):
                targets.append(self.pick(scope.pairs))
            self.random.shuffle(targets)
            return self.chain(targets, "t((%s, %s))" % (i(), i()))
        if choice == 4:
            return ["%s, *%s = %s" % (target(), self.pick(scope.lists), self.seq_expr(scope))]
        if choice == 5:
            return ["%s %s= %s" % (target(), self.pick(["+", "-", "|", "^", "//"]), i())]
        if choice == 6:
            return ["%s %s= %s" % (self.pick(["o.v", "o.w", "d['k']", "d['j']"]), self.pick(["+", "-"]), i())]
        if choice == 7:
            return ["%s += [%s]" % (self.pick(scope.lists), i())]
        if choice == 8:
            return ["%s.append(%s)" % (self.pick(scope.lists), i())]
        if choice == 9:
            return ["out(%s, %s)" % (i(), self.seq_expr(scope))]
        if choice == 10:
            return ["snap(%r)" % self.fresh("s")]
        if choice == 11:
            return ["t(%s)" % i()]
        if choice == 12:
            return ["assert %s, %s" % (self.cond(scope), i())]
        if choice == 13:
            return ["del " + self.pick([target(), "%s[0]" % self.pick(scope.lists), "o.w", "d['j']"])]
        if choice == 14:
            pair = self.pick(scope.pairs)
            return ["%s = %s, %s" % (pair, i(), i())]
        if choice == 15:
            return ["%s[%s] = %s" % (self.pick(scope.lists), self.small(), i())]
        if choice == 16:
            return ["%s = %s" % (self.pick(scope.lists), self.list_expr(scope))]
        if choice == 17 and scope.handler_names:
            return ["out(%s)" % self.pick(scope.handler_names)]
        if choice == 18:
            source = self.iter_source(scope.child(in_comprehension=True))
            # (Its value is inside a comprehension: before 3.11 no async comprehension may go there.)
            inside = scope.child(in_comprehension=True) if self.minor < 11 else scope
            value = lambda: self.int_expr(inside)  # noqa: E731
            return ["%s = {v: %s for v in %s}.get(%s, %s)" % (target(), value(), source, i(), self.small())]
        if choice == 19:
            pairs = (self.pick(scope.pairs), self.pick(scope.pairs))
            return self.chain([pairs[0], "(%s, %s)" % (target(), target()), pairs[1]], "t((%s, %s))" % (i(), i()))
        if choice == 20 and scope.is_async:
            return ["await aw(%s)" % i()]
        if choice == 21:
            return ["%s *= %s" % (target(), self.small())]
        return ["%s = %s if %s else %s" % (target(), i(), self.cond(scope), i())]

    def chain(self, targets: List[str], value: str) -> List[str]:
        """A chained assignment with a tuple target. Without the shape ("chained_tuple_target"), the
        same assignments as the plain chain and an unpacking of its first target: the same program
        but for that shape, drawn from the same random choices, so a finding that goes away this way
        is explained by the shape (the CI slice's known findings rely on it)."""
        if "chained_tuple_target" not in self.without:
            return [" = ".join(targets) + " = " + value]
        names = [target for target in targets if not target.startswith("(")]
        tuples = [target for target in targets if target.startswith("(")]
        return [" = ".join(names) + " = " + value] + ["%s = %s" % (target, names[0]) for target in tuples]

    def if_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        lines = [indent + "if %s:" % self.cond(scope)] + self.block(scope, depth, indent + INDENT)
        for _ in range(self.random.randint(0, 2)):
            lines += [indent + "elif %s:" % self.cond(scope)] + self.block(scope, depth, indent + INDENT)
        if self.chance(0.5):
            lines += [indent + "else:"] + self.block(scope, depth, indent + INDENT)
        return lines

    def loop_else(self, scope: Scope, depth: int, indent: str) -> List[str]:
        if self.chance(0.3):
            return [indent + "else:"] + self.block(scope, depth, indent + INDENT)
        return []

    def for_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        inner = scope.child(loop_depth=scope.loop_depth + 1)
        var = self.pick(scope.ints)
        if self.chance(0.2):
            header = "for %s, %s in enumerate(%s):" % (var, self.pick(scope.ints), self.iter_source(scope))
        else:
            header = "for %s in %s:" % (var, self.iter_source(scope))
        if scope.is_async and self.chance(0.25):
            header = "async for %s in AIter(%s):" % (var, self.iter_source(scope))
        body = self.block(inner, depth, indent + INDENT)
        return [indent + header] + body + self.loop_else(scope, depth, indent)

    def while_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        # Every while loop counts its rounds in a name of its own: the count
        # comes first in the body, so no `continue` can skip it, and the test
        # (or a break right after it) bounds the rounds.
        counter = "w%d" % scope.loop_counters
        inner = scope.child(loop_depth=scope.loop_depth + 1, loop_counters=scope.loop_counters + 1)
        limit = self.random.randint(1, 4)
        form = self.random.randint(0, 3)
        lines = [indent + "%s = 0" % counter]
        step = [indent + INDENT + "%s += 1" % counter]
        if form == 0:
            lines.append(indent + "while %s < %d:" % (counter, limit))
        elif form == 1:
            lines.append(indent + "while %s < %d and %s:" % (counter, limit, self.cond(scope)))
        elif form == 2:
            lines.append(indent + "while %s and %s < %d:" % (self.cond(scope), counter, limit))
        else:
            lines.append(indent + "while True:")
            step.append(indent + INDENT + "if %s > %d:" % (counter, limit))
            step.append(indent + INDENT * 2 + "break")
        body = self.block(inner, depth, indent + INDENT)
        return lines + step + body + self.loop_else(scope, depth, indent)

    def handler(self, scope: Scope, depth: int, indent: str, star: bool, last: bool = False) -> List[str]:
        kinds = ["E1", "E2", "E3", "Exception", "(E1, E2)", "(E2, ZeroDivisionError)", "TypeError"]
        if not star:
            kinds += ["ZeroDivisionError", "IndexError", "ValueError", "UnboundLocalError", "AssertionError"]
        kind = self.pick(kinds)
        keyword = "except*" if star else "except"
        inner = scope.child(in_handler=True)
        if star:
            inner.in_except_star = True
            inner.loop_depth = 0
        if self.chance(0.5):
            name = self.fresh("e")
            inner.handler_names.append(name)
            header = indent + "%s %s as %s:" % (keyword, kind, name)
        elif not star and last and self.chance(0.08):  # a bare except must come last
            header = indent + "except:"
        else:
            header = indent + "%s %s:" % (keyword, kind)
        return [header] + self.block(inner, depth, indent + INDENT)

    def try_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        lines = [indent + "try:"] + self.block(scope, depth, indent + INDENT)
        handlers = self.random.randint(0, 2)
        for number in range(handlers):
            lines += self.handler(scope, depth, indent, star=False, last=number == handlers - 1)
        if handlers and self.chance(0.3):
            lines += [indent + "else:"] + self.block(scope, depth, indent + INDENT)
        if not handlers or self.chance(0.4):
            lines += [indent + "finally:"] + self.block(scope, depth, indent + INDENT)
        return lines

    def try_star_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        lines = [indent + "try:"]
        if self.chance(0.6):
            members = ", ".join("%s(%s)" % (self.pick(["E1", "E2", "E3"]), self.small()) for _ in range(2))
            lines.append(indent + INDENT + "t(%s)" % self.int_expr(scope))
            if self.chance(0.7):
                lines.append(indent + INDENT + "raise ExceptionGroup('g', [%s])" % members)
            else:
                lines += self.block(scope, depth, indent + INDENT)
        else:
            lines += self.block(scope, depth, indent + INDENT)
        for _ in range(self.random.randint(1, 2)):
            lines += self.handler(scope, depth, indent, star=True)
        if self.chance(0.3):
            lines += [indent + "else:"] + self.block(scope, depth, indent + INDENT)
        if self.chance(0.3):
            lines += [indent + "finally:"] + self.block(scope, depth, indent + INDENT)
        return lines

    def with_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        manager = "ACM" if scope.is_async and self.chance(0.5) else "CM"
        keyword = "async with" if manager == "ACM" else "with"
        items = []
        for _ in range(self.random.randint(1, 2)):
            item = "%s(%s%s)" % (manager, self.int_expr(scope), ", True" if self.chance(0.3) else "")
            if self.chance(0.5):
                item += " as %s" % self.pick(scope.ints)
            items.append(item)
        if len(items) > 1 and self.minor >= 10 and self.chance(0.4):
            header = "%s (%s):" % (keyword, ", ".join(items))
        else:
            header = "%s %s:" % (keyword, ", ".join(items))
        return [indent + header] + self.block(scope, depth, indent + INDENT)

    def match_statement(self, scope: Scope, depth: int, indent: str) -> List[str]:
        lines = []
        if self.chance(0.5):
            lines.append(indent + "match %s:" % self.int_expr(scope))
            cases = [
                "case %s:" % self.small(),
                "case %s | %s:" % (self.small(), self.small()),
                "case int(%s) if %s:" % (self.pick(scope.ints), self.cond(scope)),
                "case %s if %s:" % (self.small(), self.cond(scope)),
            ]
        else:
            lines.append(indent + "match %s:" % self.seq_expr(scope))
            a, b = self.pick(scope.ints), self.pick(scope.ints)
            while b == a and len(scope.ints) > 1:
                b = self.pick(scope.ints)
            cases = [
                "case []:",
                "case [%s]:" % a,
                "case [%s, %s]:" % (a, b) if a != b else "case [%s, _]:" % a,
                "case [%s, *%s]:" % (a, self.pick(scope.lists)),
                "case (%s, 1) | (%s, 2):" % (a, a),
                "case [_, _, *_] if %s:" % self.cond(scope),
            ]
        self.random.shuffle(cases)
        chosen = cases[: self.random.randint(1, 3)]
        if self.chance(0.4):
            chosen.append("case _:")
        for case in chosen:
            lines.append(indent + INDENT + case)
            lines += self.block(scope, depth, indent + INDENT * 2)
        return lines

    def nested_function(self, scope: Scope, depth: int, indent: str) -> List[str]:
        name = self.fresh("h")
        parameter = "p%d" % self.counter
        captured = [v for v in scope.ints if v not in ("g0", "g1")]
        inner = Scope(
            ints=[parameter] + captured,
            lists=list(scope.lists),
            pairs=list(scope.pairs),
            is_async=False,
            nested_level=scope.nested_level + 1,
            callable_functions=list(scope.callable_functions),
        )
        lines = [indent + "def %s(%s):" % (name, parameter)]
        rebound = [v for v in captured if self.chance(0.3)]
        if rebound:
            lines.append(indent + INDENT + "nonlocal " + ", ".join(rebound))
        body = self.block(inner, depth, indent + INDENT)
        lines += body
        if not any(line.strip().startswith(("return", "raise")) for line in body[-1:]):
            lines.append(indent + INDENT + "return %s" % self.int_expr(inner))
        scope.inner_functions.append(name)
        return lines

    # -- whole functions and programs -------------------------------------
    def function(self, index: int, count: int, asyncs: List[bool]) -> List[str]:
        is_async = asyncs[index]
        later = range(index + 1, count)
        scope = Scope(
            ints=["a", "b", "x", "y", "z"],
            lists=["c", "l0"],
            pairs=["q0", "q1"],
            is_async=is_async,
            callable_functions=["f%d" % j for j in later if not asyncs[j]],
            awaitable_functions=["f%d" % j for j in later if asyncs[j]],
        )
        lines = ["%sdef f%d(a, b, c):" % ("async " if is_async else "", index)]
        body = INDENT
        if self.chance(0.3):
            lines.append(body + "global g0, g1")
            scope.ints += ["g0", "g1"]
        # Every local starts bound, in one of the ways code binds names.
        prologue = self.random.randint(0, 2)
        if prologue == 0:
            lines.append(body + "x = y = z = 0")
        elif prologue == 1:
            lines.append(body + "x, y, z = a, b, 0")
        else:
            lines.append(body + "x = 0; y = t(b); z = a")
        lines.append(body + "l0 = [1, 2]; q0 = (a, 1); q1 = (0, b)")
        lines += self.block(scope, 0, body, minimum=2)
        if self.chance(0.6):
            lines.append(body + "return %s" % self.int_expr(scope))
        return lines

    def program(self, ident: str) -> Program:
        count = self.random.choice([1, 1, 2, 3])
        asyncs = [self.chance(0.2) for _ in range(count)]
        lines: List[str] = []
        for index in range(count):
            lines += self.function(index, count, asyncs)
            lines.append("")
        inputs = [[0, 1, [1, 2]], [3, -1, []], [2, 4, [0, 3, 5]]]
        if self.chance(0.5):
            inputs.append([self.random.randint(-3, 6), self.random.randint(-3, 6), [self.random.randint(0, 6)]])
        return Program(ident, "\n".join(lines), inputs)


# Shapes a run can leave out (`--without`), to look past a known bug that would
# otherwise be most of what it finds.
# Left out, a shape is written another way that does the same, from the same random choices
# (`Generator.chain`), so one program id names the program with and without it.
OPTIONAL_SHAPES = ("chained_tuple_target",)


def generate(seed: int, index: int, minor: int, without: Set[str] = frozenset()) -> Program:
    """Program `index` of run `seed` for CPython 3.<minor>."""
    ident = "%d:%d" % (seed, index)
    generator = Generator("%s:3.%d" % (ident, minor), minor, without=without)
    return generator.program(ident)
