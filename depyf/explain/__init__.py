"""The torch.compile explainer (imports torch only when used)."""

from __future__ import annotations

import types
from typing import Any, Dict


def dump_src(original_code: types.CodeType, module: Dict[str, Any]) -> str:
    """The full_code text for `original_code` (cache entries, guards, transformed
    code, resume functions), as written by prepare_debug; use inside it."""
    from depyf.explain.enable_debugging import active_session
    from depyf.explain.full_code import FullCodeWriter

    session = active_session()
    if session is None:
        raise RuntimeError("depyf.explain.dump_src must be called inside depyf.prepare_debug().")
    if hasattr(original_code, "__code__"):
        original_code = original_code.__code__
    return FullCodeWriter(session).render(original_code, module)


__all__ = ["dump_src"]
