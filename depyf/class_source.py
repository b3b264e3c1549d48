"""``depyf.decompile(SomeClass)``: a class statement rebuilt from a live class.

A class keeps no code for its body once it exists, only the namespace the body
made. This writes that namespace back as a class statement: the bases and
metaclass, the docstring, annotated fields, methods (decompiled, with their
full signatures), static/class methods and properties with their decorators,
nested classes, and attributes whose values are literals. What has no
faithful source (an arbitrary object) is named in a comment with its repr, so
nothing the class holds is silently dropped.
"""

from __future__ import annotations

import types
from typing import Any, Callable, List

from depyf.value_text import annotation_source, qualified_name, raw_annotations, value_source

# Entries Python (or dataclasses) makes in every class namespace; no source writes them.
_BOOKKEEPING = {
    "__module__",
    "__qualname__",
    "__dict__",
    "__weakref__",
    "__doc__",
    "__firstlineno__",
    "__static_attributes__",
    "__annotations__",
    "__annotate__",
    "__annotate_func__",
    "__annotations_cache__",
    "__orig_bases__",
    "__parameters__",
    "__classdictcell__",
    "__dataclass_fields__",
    "__dataclass_params__",
    "__match_args__",
    "__type_params__",
}

FunctionText = Callable[[Any], str]


def _indented(text: str, indent: str = "    ") -> List[str]:
    return [(indent + line) if line.strip() else "" for line in text.rstrip("\n").splitlines()]


def _header(cls: type) -> str:
    module = cls.__module__
    bases = [qualified_name(base, module) or repr(base.__name__) for base in cls.__bases__ if base is not object]
    metaclass = type(cls)
    if metaclass is not type and not any(type(base) is metaclass for base in cls.__bases__):
        bases.append("metaclass=%s" % (qualified_name(metaclass, module) or metaclass.__name__))
    return "class %s%s:" % (cls.__name__, "(%s)" % ", ".join(bases) if bases else "")


def _member_lines(name: str, value: Any, cls: type, function_text: FunctionText) -> List[str]:
    module = cls.__module__
    if isinstance(value, (staticmethod, classmethod)):
        decorator = "@staticmethod" if isinstance(value, staticmethod) else "@classmethod"
        return [decorator] + function_text(value.__func__).rstrip("\n").splitlines()
    if isinstance(value, property):
        lines: List[str] = []
        for accessor, decorator in ((value.fget, "@property"), (value.fset, "@%s.setter" % name)):
            if accessor is not None:
                lines += [decorator] + function_text(accessor).rstrip("\n").splitlines()
        if value.fdel is not None:
            lines += ["@%s.deleter" % name] + function_text(value.fdel).rstrip("\n").splitlines()
        return lines
    if isinstance(value, types.FunctionType):
        return function_text(value).rstrip("\n").splitlines()
    if isinstance(value, type) and value.__qualname__ == "%s.%s" % (cls.__qualname__, name):
        return class_source(value, function_text).rstrip("\n").splitlines()
    text = value_source(value, module)
    if text is not None:
        return ["%s = %s" % (name, text)]
    try:
        shown = repr(value)
    except Exception:  # noqa: BLE001
        shown = "<%s object>" % type(value).__name__
    return ["# %s = %s  (a %s object: no source for it)" % (name, shown[:200], type(value).__qualname__)]


def class_source(cls: type, function_text: FunctionText) -> str:
    """The class statement for `cls`; `function_text(fn)` gives each method's source."""
    module = cls.__module__
    lines: List[str] = []
    if "__dataclass_fields__" in cls.__dict__:
        lines.append("@dataclasses.dataclass")
    lines.append(_header(cls))
    body: List[str] = []
    doc = cls.__dict__.get("__doc__")
    if isinstance(doc, str):
        body.append(repr(doc))
    namespace = dict(cls.__dict__)
    for name, annotation in raw_annotations(cls).items():
        text = "%s: %s" % (name, annotation_source(annotation, module))
        if name in namespace and not isinstance(namespace[name], (types.FunctionType, property)):
            value = value_source(namespace.pop(name), module)
            text += " = %s" % value if value is not None else "  # its value has no source"
        body.append(text)
    for name, value in namespace.items():
        if name in _BOOKKEEPING:
            continue
        member = _member_lines(name, value, cls, function_text)
        if member and body and (member[0].startswith(("def ", "async def ", "@", "class "))):
            body.append("")
        body.extend(member)
    if not body:
        body.append("pass")
    lines.extend(_indented("\n".join(body)))
    return "\n".join(lines) + "\n"
