"""Graph breaks as records a reader can follow back to the user's source.

Dynamo keeps one global list of graph-break reasons, each with the user
stack at the break (the frame it was compiling first, inlined calls after
it). A record here keeps that stack as source locations - file, line,
function and the line's text - so a full_code file can link every break to
the line that caused it.
"""

from __future__ import annotations

import linecache
import re
import types
from typing import Any, List, TypedDict


class SourceLine(TypedDict):
    """One user frame of a graph break's stack."""

    file: str  # the file as Python names it (co_filename)
    line: int  # 1-based; 0 when Dynamo did not say
    function: str  # the user's function; resume functions named after the function they continue
    source: str  # the line's text (stripped) from linecache; "" when the file cannot be read


class GraphBreak(TypedDict):
    reason: str  # Dynamo's message (several lines: explanation, hints)
    user_stack: List[str]  # "file:line in function", outermost first (kept for older readers)
    frames: List[SourceLine]  # the same stack as locations, outermost first: the compiled frame, then inlined calls
    location: SourceLine  # the innermost frame: the line that caused the break


# Dynamo names a resume function after the function it continues and the
# line it resumes at; torch before 2.1 left out the `torch_dynamo_` part.
_RESUME_NAME = re.compile(r"^(?:torch_dynamo_)?resume_in_(\w+?)_at_\d+$")


def user_function_name(code_name: str) -> str:
    """The user's function a code object stands for: `f` for f's resume functions."""
    match = _RESUME_NAME.match(code_name)
    return match.group(1) if match else code_name


def _source_line(frame: Any) -> SourceLine:
    filename = str(getattr(frame, "filename", "") or "?")
    lineno = getattr(frame, "lineno", None)
    line = lineno if isinstance(lineno, int) else 0
    source = linecache.getline(filename, line).strip() if line > 0 else ""
    if not source:
        # Frames made with lookup_line=True carry the text; others read it on demand.
        try:
            source = str(getattr(frame, "line", "") or "").strip()
        except Exception:  # noqa: BLE001 - a missing file is no error here
            source = ""
    function = user_function_name(str(getattr(frame, "name", "") or "?"))
    return SourceLine(file=filename, line=line, function=function, source=source)


def describe(reason: Any) -> GraphBreak:
    """A record for one of Dynamo's graph-break reasons (GraphCompileReason or similar)."""
    frames = [_source_line(frame) for frame in getattr(reason, "user_stack", None) or []]
    unknown = SourceLine(file="?", line=0, function="?", source="")
    return GraphBreak(
        reason=str(getattr(reason, "reason", reason)),
        user_stack=["%s:%s in %s" % (f["file"], f["line"] or "?", f["function"]) for f in frames],
        frames=frames,
        location=frames[-1] if frames else unknown,
    )


def started_in(brk: GraphBreak, code: types.CodeType) -> bool:
    """Whether the break's outermost frame is `code`'s function (or the one it resumes).

    Used only where Dynamo's compile boundaries are unknown: the frame Dynamo
    compiles is the first of every break's stack.
    """
    if not brk["frames"]:
        return False
    first = brk["frames"][0]
    return first["file"] == code.co_filename and first["function"] == user_function_name(code.co_name)
