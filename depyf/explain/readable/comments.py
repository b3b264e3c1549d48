"""Comment lines in rewritten source.

`ast.unparse` writes no comments, so a note travels through the AST as an
expression statement holding a marked string (which would compile to
nothing) and is turned into a `#` line after unparsing.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, List, Optional, Set

from depyf.explain.readable.blocks import all_blocks
from depyf.explain.readable.scope import FunctionNode
from depyf.explain.readable.tree import walk

_MARK = "__depyf_note__:"
# One line: unparse writes a note as '...' or "...", or as """...""" where it stands first in a body.
_NOTE_LINE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<literal>(?P<quote>'''|\"\"\"|'|\")" + re.escape(_MARK) + r".*(?P=quote))$", re.M
)


def note(text: str) -> ast.stmt:
    """A statement that becomes the comment line `# text`."""
    return ast.Expr(ast.Constant(_MARK + " ".join(text.split()).replace("\\", "/")))


def is_note(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
        and statement.value.value.startswith(_MARK)
    )


def notes_for_comment_lines(source: str) -> str:
    """`source` with each line that holds only a comment turned into a note statement, so
    the comments the exact decompiler wrote survive the rewrites (found with tokenize:
    a `#` inside a string is no comment)."""
    import io
    import tokenize

    lines = source.splitlines(True)
    comment_lines = {}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        row, column = token.start
        if lines[row - 1][:column].strip():
            continue  # a comment after code on the same line: left to ast (dropped)
        comment_lines[row] = (column, token.string[1:].strip())
    for row, (column, text) in comment_lines.items():
        lines[row - 1] = "%s%r\n" % (lines[row - 1][:column], _MARK + text)
    return "".join(lines)


def comment_lines_in(source: str) -> str:
    def replace(match: "re.Match[str]") -> str:
        text = ast.literal_eval(match.group("literal"))[len(_MARK) :]
        return "%s# %s" % (match.group("indent"), text)

    return _NOTE_LINE.sub(replace, source)


def _called_globals(statement: ast.stmt) -> List[str]:
    names = []
    for node in walk(statement):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            names.append(node.func.id)
    return names


def insert_notes(function: FunctionNode, describe: Callable[[str], Optional[str]]) -> int:
    """Puts describe(name) above each statement that calls global `name`."""
    count = 0
    for block in list(all_blocks(function.body)):
        index = 0
        while index < len(block):
            notes: List[str] = []
            seen: Set[str] = set()
            for name in _called_globals(block[index]) if not _is_compound(block[index]) else []:
                text = describe(name)
                if text and name not in seen:
                    seen.add(name)
                    notes.append(text)
            block[index:index] = [note(text) for text in notes]
            index += len(notes) + 1
            count += len(notes)
    return count


def _is_compound(statement: ast.stmt) -> bool:
    return any(isinstance(getattr(statement, field, None), list) for field in ("body", "orelse", "handlers"))
