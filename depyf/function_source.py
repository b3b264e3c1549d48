"""The whole ``def`` of a live function: what its code object cannot say.

A code object knows its parameters' names, not their defaults or annotations:
those live on the function object (``__defaults__``, ``__kwdefaults__``,
``__annotations__``). The decompiler writes the header from the code; this
module rewrites that header from the function, so ``depyf.decompile(fn)``
gives ``def g(x: int, y=2, *, z=3) -> int:`` rather than ``def g(x, y, *, z):``.

A default that has no faithful source (an arbitrary object) is written as
where it lives, ``__defaults__[1]`` / ``__kwdefaults__['z']``, with its repr in
a comment above the def: the text stays honest and the reader sees the value.
"""

from __future__ import annotations

import ast
import inspect
import types
from typing import Any, Dict, List, Optional, Tuple

from depyf.value_text import annotation_source, raw_annotations, value_source


def _parameters(code: types.CodeType) -> Tuple[List[str], int, List[str], Optional[str], Optional[str]]:
    """(positional names, how many are positional-only, keyword-only names, *args name, **kwargs name)."""
    positional = list(code.co_varnames[: code.co_argcount])
    keyword_only = list(code.co_varnames[code.co_argcount : code.co_argcount + code.co_kwonlyargcount])
    slot = code.co_argcount + code.co_kwonlyargcount
    varargs = varkw = None
    if code.co_flags & inspect.CO_VARARGS:
        varargs = code.co_varnames[slot]
        slot += 1
    if code.co_flags & inspect.CO_VARKEYWORDS:
        varkw = code.co_varnames[slot]
    return positional, getattr(code, "co_posonlyargcount", 0), keyword_only, varargs, varkw


class _Signature:
    def __init__(self, fn: types.FunctionType) -> None:
        self.fn = fn
        self.module = getattr(fn, "__module__", None)
        self.annotations: Dict[str, Any] = raw_annotations(fn)
        # (0x1000000: CO_FUTURE_ANNOTATIONS, annotations stored as their source text.)
        self.strings_are_source = bool(fn.__code__.co_flags & 0x1000000)
        self.notes: List[str] = []  # comment lines written above the def

    def _annotated(self, name: str, shown: str) -> str:
        if name not in self.annotations:
            return shown
        return "%s: %s" % (shown, annotation_source(self.annotations[name], self.module, self.strings_are_source))

    def _default(self, value: Any, where: str, name: str) -> str:
        text = value_source(value, self.module)
        if text is not None:
            return text
        try:
            shown = repr(value)
        except Exception:  # noqa: BLE001
            shown = "<%s object>" % type(value).__name__
        self.notes.append("# default of %s: %s = %s" % (name, where, shown[:200]))
        return where

    def parameters(self) -> str:
        code = self.fn.__code__
        positional, positional_only, keyword_only, varargs, varkw = _parameters(code)
        defaults = self.fn.__defaults__ or ()
        keyword_defaults = self.fn.__kwdefaults__ or {}
        first_default = len(positional) - len(defaults)
        parts: List[str] = []
        for index, name in enumerate(positional):
            text = self._annotated(name, name)
            if index >= first_default:
                at = index - first_default
                separator = " = " if name in self.annotations else "="
                text += separator + self._default(defaults[at], "__defaults__[%d]" % at, name)
            parts.append(text)
            if positional_only and index + 1 == positional_only:
                parts.append("/")
        if varargs is not None:
            parts.append("*" + self._annotated(varargs, varargs))
        elif keyword_only:
            parts.append("*")
        for name in keyword_only:
            text = self._annotated(name, name)
            if name in keyword_defaults:
                separator = " = " if name in self.annotations else "="
                text += separator + self._default(keyword_defaults[name], "__kwdefaults__[%r]" % name, name)
            parts.append(text)
        if varkw is not None:
            parts.append("**" + self._annotated(varkw, varkw))
        return ", ".join(parts)

    def returns(self) -> str:
        if "return" not in self.annotations:
            return ""
        return " -> " + annotation_source(self.annotations["return"], self.module, self.strings_are_source)


def _header_span(source: str) -> Optional[Tuple[int, int, ast.AST]]:
    """(first line, line after the header) of the first def in `source`, 0-based, and its node."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return node.lineno - 1, node.body[0].lineno - 1, node
    return None


def with_full_signature(fn: types.FunctionType, decompiled: str) -> str:
    """`decompiled` (the source of fn's code) with defaults and annotations put back into its def line."""
    span = _header_span(decompiled)
    if span is None:
        return decompiled
    first, body_start, node = span
    lines = decompiled.splitlines()
    header = "\n".join(lines[first:body_start])
    if "\n" in header.strip() or not header.rstrip().endswith(":"):
        return decompiled  # not the one-line header the decompiler writes
    signature = _Signature(fn)
    keyword = "async def " if isinstance(node, ast.AsyncFunctionDef) else "def "
    indent = header[: len(header) - len(header.lstrip())]
    new_header = "%s%s%s(%s)%s:" % (indent, keyword, node.name, signature.parameters(), signature.returns())
    notes = [indent + note for note in signature.notes]
    out = lines[:first] + notes + [new_header] + lines[body_start:]
    return "\n".join(out) + ("\n" if decompiled.endswith("\n") else "")


def decorator_lines(obj: Any) -> List[str]:
    """Decorator lines knowable from a wrapper object (lru_cache); a comment for other wrappers."""
    cache_parameters = getattr(obj, "cache_parameters", None)
    if callable(cache_parameters):
        try:
            parameters = cache_parameters()
            return ["@functools.lru_cache(maxsize=%r, typed=%r)" % (parameters["maxsize"], parameters["typed"])]
        except Exception:  # noqa: BLE001
            return ["@functools.lru_cache"]
    cache_info = getattr(obj, "cache_info", None)
    if callable(cache_info):  # 3.8: no cache_parameters, and `typed` is not kept anywhere readable
        try:
            return ["@functools.lru_cache(maxsize=%r)" % (cache_info().maxsize,)]
        except Exception:  # noqa: BLE001
            return ["@functools.lru_cache"]
    if getattr(obj, "__wrapped__", None) is not None:
        code = getattr(obj, "__code__", None)
        wrapper = "function %s" % code.co_name if isinstance(code, types.CodeType) else type(obj).__qualname__
        return ["# wrapped by %s; below is the function it wraps (__wrapped__)" % wrapper]
    return []
