"""FX graphs (Dynamo's captured graph, AOTAutograd's joint/forward/backward
graphs, ...) written as readable Python, and - where the file's code is
provably the graph's code - run from the file, so breakpoints in it hit."""

from __future__ import annotations

import os
import types
from typing import Any, Dict, Optional

from depyf.explain import torch_compat
from depyf.explain.dump_files import write_unique

_PRELUDE = "from __future__ import annotations\nimport torch\nfrom torch import device\n"


def _same_code(a: types.CodeType, b: types.CodeType) -> bool:
    return (
        a.co_code == b.co_code
        and a.co_names == b.co_names
        and a.co_varnames == b.co_varnames
        and a.co_consts == b.co_consts
        and a.co_freevars == b.co_freevars == ()
        and a.co_argcount == b.co_argcount
        and a.co_flags & _BEHAVIOUR_FLAGS == b.co_flags & _BEHAVIOUR_FLAGS
    )


# co_flags bits that change how code runs; the __future__ bits above them
# only say how it was compiled (the dump starts with `from __future__ import annotations`).
_BEHAVIOUR_FLAGS = 0xFFFF


def _forward_function(graph_module: Any) -> Optional[types.FunctionType]:
    forward = getattr(type(graph_module), "forward", None)
    return forward if isinstance(forward, types.FunctionType) else None


def dump_graph(
    dump_dir: str, owner: str, stage: str, graph_module: Any, print_options: Optional[Dict[str, bool]] = None
) -> Optional[str]:
    """`print_options` go to print_readable (torch_compat.cached_text_options:
    the text a compile cache keeps of this stage, so a cache hit dumps the same)."""
    try:
        # print_readable does not make a lazy graph module write its code.
        body = graph_module.print_readable(print_output=False, **(print_options or {}))
    except Exception:  # noqa: BLE001 - not a printable GraphModule
        return None
    path = dump_graph_text(dump_dir, owner, stage, body)
    # Writing a lazy graph's code now, to run it from the file, would change
    # its AOTAutograd cache key: wait until torch writes it.
    if not torch_compat.after_code_is_written(graph_module, lambda module: _run_from_file(module, path)):
        _run_from_file(graph_module, path)
    return path


def dump_graph_text(dump_dir: str, owner: str, stage: str, body: str) -> str:
    """Writes a graph's print_readable text (from a GraphModule, or as a compile cache kept it)."""
    # Graphs built from lambdas print as `class <lambda>`.
    source = _PRELUDE + body.replace("class <lambda>(", "class GraphModule(")
    return write_unique(os.path.join(dump_dir, "%s.%s.%%s.py" % (owner, stage)), lambda _p: source)


def _run_from_file(graph_module: Any, path: str) -> None:
    forward = _forward_function(graph_module)
    if forward is None:
        return
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    scope = dict(forward.__globals__)
    try:
        exec(compile(text, path, "exec", dont_inherit=True), scope)
    except Exception:  # noqa: BLE001 - the printed form does not run: only the file is kept
        return
    import torch

    for key, value in scope.items():
        if forward.__globals__.get(key) is value:
            continue  # not defined by the dumped file
        if isinstance(value, type) and issubclass(value, torch.nn.Module):
            candidate = value.__dict__.get("forward")
            if isinstance(candidate, types.FunctionType) and _same_code(candidate.__code__, forward.__code__):
                forward.__code__ = candidate.__code__.replace(co_flags=forward.__code__.co_flags)
                return
