"""Readable rendering of generated code (Dynamo's), still the code that runs.

The exact decompiler writes what Dynamo's bytecode does, instruction for
instruction: caches in walrus temporaries, lists shuffled on the stack,
temporaries for values held across statements, dead blocks that keep name
tables. This package rewrites that source, as a Python AST, into what it
means, each rewrite preserving behaviour on its own terms (see each module),
and checks the result: it must compile, and every name must resolve the way
it did (no local turned global or the reverse), else the exact source is kept.

Only for generated code: ordinary code keeps the exact decompiler's output,
which recompiles to the same bytecode.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from typing import Callable, List, Optional, Sequence

from depyf.explain.readable.comments import comment_lines_in, insert_notes, notes_for_comment_lines
from depyf.explain.readable.dead_blocks import drop_dead_blocks, drop_unused_displays
from depyf.explain.readable.folded_literals import fold_literal_expressions
from depyf.explain.readable.naming import rename_temporaries
from depyf.explain.readable.profiler_guard import fold_profiler_guards
from depyf.explain.readable.profiler_marks import name_profiler_ranges
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.stack_lists import follow_stack_lists
from depyf.explain.readable.temporaries import inline_temporaries
from depyf.explain.readable.tree import walk
from depyf.explain.readable.walrus_caches import hoist_leading_walruses, split_assigned_walruses, uncache_reads


@dataclasses.dataclass
class Hints:
    """What the torch layer knows about the names the code calls.

    parameters(name) gives the parameter names of the function a global
    `name` holds (a resume function, a compiled graph), outputs(name) the
    names of what a compiled graph returns, describe(name) a one-line note
    shown above the first statement that calls it, made_parameters(name) the
    parameter names of the function that `name(...)` makes (a resume function
    that needs closure cells is made by a factory); each may return None.
    """

    parameters: Callable[[str], Optional[Sequence[str]]] = lambda _name: None
    outputs: Callable[[str], Optional[Sequence[str]]] = lambda _name: None
    describe: Callable[[str], Optional[str]] = lambda _name: None
    made_parameters: Callable[[str], Optional[Sequence[str]]] = lambda _name: None


@dataclasses.dataclass
class Rendering:
    source: str
    rewritten: bool  # False: the exact source, unchanged
    problem: str = ""  # why the rewrites were not applied


def _fresh_names(taken: set, prefix: str = "__temp_") -> Callable[[], str]:
    counter = [0]

    def fresh() -> str:
        while True:
            counter[0] += 1
            name = "%s%d" % (prefix, counter[0])
            if name not in taken:
                taken.add(name)
                return name

    return fresh


def _name_resolution_changes(before: FunctionScope, now: FunctionScope, introduced: set) -> List[str]:
    """Names that would now resolve differently: a local read but no longer bound
    (it would become a global), or a new local that was not one (and not ours)."""
    problems = []
    for name in now.loads:
        if before.is_local(name) and not now.is_local(name):
            problems.append("%s is read but no longer bound" % name)
    for name in now.bindings:
        if not before.is_local(name) and name not in introduced and name not in now.declared:
            problems.append("%s became a local" % name)
    for name in now.used_in_nested:
        if before.is_local(name) != now.is_local(name):
            problems.append("%s changed scope for a nested function" % name)
    return problems


def _rewrite(function: FunctionNode, hints: Hints, before: Optional[FunctionScope] = None) -> None:
    before = before or FunctionScope(function)
    fresh = _fresh_names(before.all_names())
    fold_literal_expressions(function)
    drop_dead_blocks(function)
    uncache_reads(function)
    hoist_leading_walruses(function)
    split_assigned_walruses(function)
    follow_stack_lists(function, fresh)
    drop_unused_displays(function, set(before.parameters))
    fold_profiler_guards(function)
    inline_temporaries(function)
    name_profiler_ranges(function)
    rename_temporaries(function, hints)
    insert_notes(function, hints.describe)


def _with_enclosing_scope(function: FunctionNode, text: str) -> str:
    """`text` inside a function binding the names it declares nonlocal (else it cannot compile alone)."""
    names = sorted({n for node in walk(function) if isinstance(node, ast.Nonlocal) for n in node.names})
    if not names:
        return text
    body = "".join("    " + line + "\n" for line in text.splitlines())
    return "def __depyf_enclosing():\n    %s = None\n%s" % (" = ".join(names), body)


def render_generated(source: str, hints: Optional[Hints] = None) -> Rendering:
    """The readable form of a decompiled generated function (`def ...:` source)."""
    if sys.version_info < (3, 9):
        return Rendering(source, False, "needs Python 3.9+ (ast.unparse)")
    try:
        tree = ast.parse(notes_for_comment_lines(source))
    except SyntaxError:
        try:  # a comment line at an indentation no statement could have: without it
            tree = ast.parse(source)
        except SyntaxError as error:
            return Rendering(source, False, "the exact source does not parse: %s" % error)
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if len(functions) != 1 or len(tree.body) != 1:
        return Rendering(source, False, "not a single function")
    function = functions[0]
    before = FunctionScope(function)
    original_names = before.all_names()
    try:
        _rewrite(function, hints or Hints(), before)
        ast.fix_missing_locations(tree)
        now = FunctionScope(function)
        problems = _name_resolution_changes(before, now, now.all_names() - original_names)
        if problems:
            return Rendering(source, False, "; ".join(problems))
        text = comment_lines_in(ast.unparse(tree)) + "\n"
        compile(_with_enclosing_scope(function, text), "<readable>", "exec", dont_inherit=True)
    except Exception as error:  # noqa: BLE001 - a rewrite bug must never cost the user the exact source
        return Rendering(source, False, "%s: %s" % (type(error).__name__, error))
    return Rendering(text, True)
