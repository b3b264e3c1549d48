"""Source text for values found on live objects (defaults, annotations, class attributes).

A value is written as source only where that source means the value: literals
(what ``ast.literal_eval`` reads back equal), classes and functions by their
qualified name, enum members by ``Class.NAME``. Anything else gets no text
here, and the caller names it honestly (where it lives, with its repr in a
comment) rather than printing a repr that is not Python.
"""

from __future__ import annotations

import ast
import builtins
import enum
import sys
import types
from typing import Any, Optional


def _same_literal(text: str, value: Any) -> bool:
    try:
        again = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    try:
        return type(again) is type(value) and bool(again == value)
    except Exception:  # noqa: BLE001 - a value whose comparison raises is no literal
        return False


def qualified_name(obj: Any, home_module: Optional[str]) -> Optional[str]:
    """``name`` for builtins and objects of `home_module`, ``module.qualname`` for others, else None."""
    qualname = getattr(obj, "__qualname__", None)
    module = getattr(obj, "__module__", None)
    if not isinstance(qualname, str) or not isinstance(module, str) or "<" in qualname:
        return None
    if module == "builtins" and getattr(builtins, qualname, None) is obj:
        return qualname
    if module == home_module:
        return qualname
    return "%s.%s" % (module, qualname)


def value_source(value: Any, home_module: Optional[str]) -> Optional[str]:
    """Python source that evaluates to `value` (in `home_module`, with its imports), or None."""
    if value is None or value is Ellipsis or isinstance(value, bool):
        return repr(value)
    if isinstance(value, enum.Enum):
        owner = qualified_name(type(value), home_module)
        return "%s.%s" % (owner, value.name) if owner else None
    if isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
        return qualified_name(value, home_module)
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ is no source either
        return None
    return text if len(text) <= 10_000 and _same_literal(text, value) else None


def annotation_source(annotation: Any, home_module: Optional[str], strings_are_source: bool = False) -> str:
    """An annotation as source: classes by name, typing forms by their repr, else a string.

    A string annotation is the source text itself where the compiler stored it so
    (`strings_are_source`: ``from __future__ import annotations``; a 3.14+ forward
    reference), and a string literal the source wrote otherwise.
    """
    forward = getattr(annotation, "__forward_arg__", None)  # typing/annotationlib ForwardRef
    if isinstance(forward, str):
        annotation, strings_are_source = forward, True
    if isinstance(annotation, str):
        if not strings_are_source:
            return repr(annotation)
        try:
            ast.parse(annotation, mode="eval")
            return annotation
        except SyntaxError:
            return repr(annotation)
    named = value_source(annotation, home_module)
    if named is not None:
        return named
    text = repr(annotation)
    # typing's reprs (`typing.Optional[int]`, `list[int]`) are expressions; object reprs are not.
    try:
        ast.parse(text, mode="eval")
        return text
    except SyntaxError:
        return repr(text)


def raw_annotations(obj: Any) -> dict:
    """The annotations of a function or class, without evaluating deferred ones (3.14+) where that would fail."""
    if sys.version_info >= (3, 14):
        import annotationlib

        try:
            return dict(annotationlib.get_annotations(obj, format=annotationlib.Format.FORWARDREF))
        except Exception:  # noqa: BLE001
            try:
                return dict(annotationlib.get_annotations(obj, format=annotationlib.Format.STRING))
            except Exception:  # noqa: BLE001
                return {}
    annotations = (
        obj.__dict__.get("__annotations__") if isinstance(obj, type) else getattr(obj, "__annotations__", None)
    )
    return dict(annotations) if isinstance(annotations, dict) else {}
