"""Decompilation: code objects back to Python source (the C++ core does the work)."""

from __future__ import annotations

import dis
import functools
import types
from typing import Any, List, Optional

from depyf import _core
from depyf._core import DecompilationError
from depyf.disassembler import CodeSource, code_of

__all__ = ["DecompilationError", "Decompiler", "decompile"]


def _callable_target(obj: Any) -> Any:
    """What to decompile for `obj`: the function under partials, bound methods and callable instances."""
    seen = set()
    while id(obj) not in seen:
        seen.add(id(obj))
        if isinstance(obj, functools.partial):
            obj = obj.func
        elif isinstance(obj, (types.MethodType, staticmethod, classmethod)):
            obj = obj.__func__
        elif (
            not isinstance(obj, (type, types.FunctionType, types.CodeType))
            and not hasattr(obj, "__code__")
            and not hasattr(obj, "__wrapped__")
            and isinstance(getattr(type(obj), "__call__", None), types.FunctionType)
        ):
            obj = type(obj).__call__  # a callable instance: its class's __call__
        else:
            break
    return obj


def _function_source(fn: Any) -> str:
    """The full def of a function object: decompiled body, defaults and annotations from the object."""
    from depyf.function_source import with_full_signature

    code = code_of(fn)
    source = _core.decompile_code(code, 4, None)
    # The function object that owns `code` (code_of went down the same __func__/__wrapped__ chain).
    function = fn
    for _ in range(100):  # (a wrapper chain that loops ends here too)
        if function is None or (isinstance(function, types.FunctionType) and function.__code__ is code):
            break
        function = getattr(function, "__func__", None) or getattr(function, "__wrapped__", None)
    else:
        function = None
    return with_full_signature(function, source) if function is not None else source


def decompile(code: CodeSource) -> str:
    """Python source for a function (its full ``def``), a class, or a module or class body code object.

    Functions come back with their defaults and annotations (read from the
    function object); partials, bound methods and callable instances give the
    function they call (a comment says what wrapped it); a class gives a class
    statement rebuilt from its namespace (``depyf.class_source``).
    """
    from depyf.class_source import class_source
    from depyf.function_source import decorator_lines

    if isinstance(code, types.CodeType):
        return _core.decompile_code(code, 4, None)
    if isinstance(code, type):
        return class_source(code, _function_source)
    target = _callable_target(code)
    if isinstance(target, type):
        return class_source(target, _function_source)
    notes: List[str] = []
    if isinstance(code, functools.partial):
        notes.append("# %r calls this function" % (code,))
    elif target is not code and not isinstance(code, (types.MethodType, types.FunctionType)):
        notes.append("# %s object: calling it runs its class's __call__" % type(code).__qualname__)
    notes += decorator_lines(target)
    return "".join(line + "\n" for line in notes) + _function_source(target)


class Decompiler:
    """The original depyf's class interface: ``Decompiler(code).decompile()``."""

    def __init__(self, code: CodeSource) -> None:
        self.code = code_of(_callable_target(code))

    def decompile(
        self, indentation: int = 4, temp_prefix: str = "__temp_", overwite_fn_name: Optional[str] = None
    ) -> str:
        # Temporaries appear only where the bytecode holds values across
        # statements (generated code such as Dynamo's); they keep the order
        # of evaluation.
        return _core.decompile_code(self.code, indentation, overwite_fn_name, temp_prefix)

    @staticmethod
    def supported_opnames() -> List[str]:
        """Every instruction name of the running Python: the decompiler reads them all (see docs/STATUS.md for
        the shapes it does not yet write back, which raise DecompilationError)."""
        return sorted(name for name in dis.opmap)

    @staticmethod
    def decompile_and_compile_like(
        code_to_decompile: types.CodeType,
        reference_code: types.CodeType,
        indentation: int = 4,
        temp_prefix: str = "__temp_",
        filepath_template: Optional[str] = None,
    ) -> types.CodeType:
        """Decompiles `code_to_decompile` and compiles the source back into a code object shaped like
        `reference_code` (its name, free and cell variables), as the original's bytecode hook did.

        With `filepath_template` (one ``%s``), the source is written to the first such file that is free
        or already holds the same function body, and the code object's filename is that file, so a
        debugger steps through it.
        """
        from depyf.compile_like import decompile_and_compile_like

        return decompile_and_compile_like(
            code_to_decompile, reference_code, indentation, temp_prefix, filepath_template
        )

    def __hash__(self) -> int:
        return id(self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decompiler) and other.code is self.code


# Marks the comment the decompiler writes into a function whose body it could
# not decompile (its original bytecode is loaded back with marshal instead).
ORIGINAL_CODE_MARK = "# depyf: the body of "


def decompile_pyc_bytes(data: bytes, keep_original_code: bool = True) -> str:
    """Source of a whole .pyc file of any supported version.

    A nested function the decompiler cannot turn into source keeps its
    original bytecode (see ``ORIGINAL_CODE_MARK``); with
    ``keep_original_code=False`` that raises DecompilationError instead.
    """
    return _core.decompile_pyc(bytes(data), keep_original_code)


def decompile_marshal_bytes(data: bytes, minor: int, keep_original_code: bool = True) -> str:
    """Source of ``marshal.dumps(code)`` data written by Python 3.<minor>."""
    return _core.decompile_marshal(bytes(data), minor, keep_original_code)


def functions_kept_as_bytecode(source: str) -> List[str]:
    """The comments of decompiled source that name functions kept as bytecode."""
    return [line.strip()[2:] for line in source.splitlines() if line.lstrip().startswith(ORIGINAL_CODE_MARK)]
