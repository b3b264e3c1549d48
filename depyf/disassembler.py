"""Disassembly of live objects and of .pyc / marshal data."""

from __future__ import annotations

import types
from typing import Any, Union

from depyf import _core

CodeSource = Union[types.CodeType, types.FunctionType, types.MethodType, Any]


def code_of(obj: CodeSource) -> types.CodeType:
    """The code object behind a function, method, generator, coroutine or code object."""
    if isinstance(obj, types.CodeType):
        return obj
    for attribute in ("__func__", "__wrapped__"):
        inner = getattr(obj, attribute, None)
        if inner is not None and inner is not obj:
            try:
                return code_of(inner)
            except TypeError:
                pass
    for attribute in ("__code__", "gi_code", "cr_code", "ag_code", "f_code"):
        code = getattr(obj, attribute, None)
        if isinstance(code, types.CodeType):
            return code
    raise TypeError("expected a function, method, generator, coroutine or code object, got %s" % type(obj).__name__)


def disassemble(obj: CodeSource) -> str:
    """A dis-style listing of a live object's bytecode (recursive, like dis.dis)."""
    return _core.disassemble_code(code_of(obj), False)


def disassemble_json(obj: CodeSource) -> str:
    """JSON lines, one per code object: instructions, exception table, line starts."""
    return _core.disassemble_code(code_of(obj), True)


def disassemble_pyc_bytes(data: bytes, as_json: bool = False) -> str:
    """Listing of a whole .pyc file, of any supported Python version."""
    return _core.disassemble_pyc(bytes(data), as_json)


def disassemble_marshal_bytes(data: bytes, minor: int, as_json: bool = False) -> str:
    """Listing of ``marshal.dumps(code)`` data written by Python 3.<minor>."""
    return _core.disassemble_marshal(bytes(data), minor, as_json)
