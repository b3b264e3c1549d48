"""`depyf.install()`: Dynamo's bytecode log (TORCH_LOGS="+bytecode") shows the
decompiled source after the modified bytecode."""

from __future__ import annotations

import logging
import types
from typing import Callable, Optional

from depyf.explain import torch_compat

_remove: Optional[Callable[[], None]] = None


def pytorch_bytecode_src_hook(code: types.CodeType, new_code: types.CodeType) -> None:
    """The bytecode hook install() registers (the original's name): logs the decompiled `new_code`."""
    logger = torch_compat.bytecode_logger()
    if logger is None or not logger.isEnabledFor(logging.DEBUG):
        return None
    from depyf.decompiler import Decompiler

    try:
        source = Decompiler(new_code).decompile()
        logger.debug("possible source code:\n%s", source)
    except Exception as error:  # noqa: BLE001 - logging must never break compiling
        logger.debug("depyf could not decompile the modified bytecode of %s: %s", code.co_name, error)
    return None


def install() -> None:
    """Adds the decompiled source to Dynamo's bytecode log. Idempotent."""
    global _remove
    if _remove is None:
        _remove = torch_compat.register_bytecode_hook(pytorch_bytecode_src_hook)


def uninstall() -> None:
    """Undoes install(). Idempotent."""
    global _remove
    if _remove is not None:
        _remove()
        _remove = None
