"""``depyf.explain.global_variables.data``: the state the original depyf (0.20) shared with its clients.

vLLM's compatibility code reads ``data["dump_src_dir"]`` and
``data["unpatched_load_by_key_path"]`` to dump and load Inductor kernels
itself. The keys the original had are kept current here:

- ``dump_src_dir``: the directory of the active (or last) ``prepare_debug`` block;
- ``unpatched_load_by_key_path``: Inductor's ``PyCodeCache.load_by_key_path`` as it
  was before depyf hooked it (call it as ``(key, path, linemap, attrs, **kwargs)``);
- ``unpatched__exec_with_source`` / ``unpatched___call__``: torch's
  ``fx.graph_module._exec_with_source`` and ``OptimizeContext.__call__``;
- ``is_inside_prepare_debug``: whether a ``prepare_debug`` block is open;
- ``optimized_functions``: a set clients may use (the original kept it empty too).

Like the original, importing this module imports torch.
"""

from __future__ import annotations

import os
from typing import Any, Dict


def _unpatched_torch_functions() -> Dict[str, Any]:
    found: Dict[str, Any] = {}
    try:
        import torch
        from torch._inductor.codecache import PyCodeCache

        found["unpatched__exec_with_source"] = torch.fx.graph_module._exec_with_source
        found["unpatched_load_by_key_path"] = PyCodeCache.load_by_key_path
        found["unpatched___call__"] = torch._dynamo.eval_frame.OptimizeContext.__call__
    except Exception:  # noqa: BLE001 - a torch without one of them: the key is missing, as in a failed lookup
        pass
    return found


data: Dict[str, Any] = {
    "dump_src_dir": os.path.join(os.path.dirname(os.path.abspath(__file__)), "dumped_src"),
    "optimized_functions": set(),
    "is_inside_prepare_debug": False,
    **_unpatched_torch_functions(),
}
