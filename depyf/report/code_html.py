"""Python source as HTML: highlighted by Pygments, numbered, with names linked.

Each line is an element with id ``L<n>`` (so ``page.html#L31`` opens at line 31),
and every name token the caller has a link for (``__compiled_fn_1``, a resume
function) becomes a link, inside highlighted text.
"""

from __future__ import annotations

import html
from typing import Callable, Dict, List, Optional

from pygments import lex
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, TextLexer
from pygments.token import STANDARD_TYPES, Name

# A link for a name, or None: href for the name's target.
LinkFor = Callable[[str], Optional[str]]

# Above this size a file is shown as plain text: lexing a huge generated kernel
# would make the report slow to write and the page slow to open.
HIGHLIGHT_LIMIT = 400_000


def style_css() -> str:
    """Pygments' colours for the `.code` blocks of the report."""
    return HtmlFormatter(style="default").get_style_defs(".code")


def _css_class(token_type: object) -> str:
    while token_type not in STANDARD_TYPES:
        token_type = token_type.parent  # type: ignore[attr-defined]
    return STANDARD_TYPES[token_type]


def code_html(text: str, link_for: Optional[LinkFor] = None, python: bool = True) -> str:
    """`<pre class="code">` of `text`, one numbered line element per line."""
    lexer = PythonLexer(stripnl=False, ensurenl=False) if python and len(text) <= HIGHLIGHT_LIMIT else TextLexer()
    lines: List[List[str]] = [[]]
    for token_type, value in lex(text, lexer):
        css = _css_class(token_type)
        pieces = value.split("\n")
        for index, piece in enumerate(pieces):
            if index:
                lines.append([])
            if not piece:
                continue
            escaped = html.escape(piece, quote=False)
            href = link_for(piece) if link_for is not None and token_type in Name else None
            if href is not None:
                escaped = '<a class="name-link" href="%s">%s</a>' % (html.escape(href), escaped)
            lines[-1].append('<span class="%s">%s</span>' % (css, escaped) if css else escaped)
    if lines and not lines[-1] and text.endswith("\n"):
        lines.pop()  # the file's last newline ends a line; it starts none
    rows = [
        '<span class="line" id="L%d"><a class="ln" href="#L%d">%d</a>%s</span>'
        % (number, number, number, "".join(parts))
        for number, parts in enumerate(lines, start=1)
    ]
    # Line elements are blocks: newlines between them would double the spacing
    # (a browser still copies one newline per line).
    return '<pre class="code">' + "".join(rows) + "</pre>"


def names_linker(targets: Dict[str, str]) -> LinkFor:
    """A LinkFor from exact names to hrefs."""
    return targets.get
