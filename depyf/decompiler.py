"""Decompilation: code objects back to Python source (the C++ core does the work)."""

from __future__ import annotations

from typing import List, Optional

from depyf import _core
from depyf.disassembler import CodeSource, code_of


def decompile(obj: CodeSource) -> str:
    """Python source for a function (its full ``def``), a module or class body code object."""
    return _core.decompile_code(code_of(obj), 4, None)


class Decompiler:
    """The original depyf's class interface: ``Decompiler(code).decompile()``."""

    def __init__(self, code: CodeSource) -> None:
        self.code = code_of(code)

    def decompile(
        self, indentation: int = 4, temp_prefix: str = "__temp_", overwite_fn_name: Optional[str] = None
    ) -> str:
        # Temporaries appear only where the bytecode holds values across
        # statements (generated code such as Dynamo's); they keep the order
        # of evaluation.
        return _core.decompile_code(self.code, indentation, overwite_fn_name, temp_prefix)


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
