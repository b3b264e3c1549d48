"""Helpers the original depyf (0.20) kept in ``depyf.explain.utils``, which clients import.

- ``write_code_to_file_template(src, path_template)``: writes `src` to the
  first ``path_template % n`` that is free or already holds exactly `src`, and
  returns that path (safe when several processes share the directory).
- ``get_current_compiled_fn_name()``: ``__compiled_fn_N`` of the graph being
  compiled now: the name kernel dumps are filed under.
- ``lock_on_file(path_template)``: a context manager; depyf's writes need no
  lock (each file appears whole or not at all), so it only keeps callers working.
"""

from __future__ import annotations

import contextlib
from typing import Iterator

__all__ = ["get_current_compiled_fn_name", "lock_on_file", "write_code_to_file_template"]


def write_code_to_file_template(src: str, path_template: str) -> str:
    from depyf.explain.dump_files import write_unique

    return write_unique(path_template, lambda _path: src)


def get_current_compiled_fn_name() -> str:
    from depyf.explain.enable_debugging import active_session

    session = active_session()
    if session is not None:
        return session.current_compiled_fn_name()
    # Outside prepare_debug: the last graph name Dynamo handed out, as the original computed it.
    import copy

    from torch._dynamo.bytecode_transformation import _unique_id_counter

    return "__compiled_fn_%d" % (next(copy.copy(_unique_id_counter)) - 1)


@contextlib.contextmanager
def lock_on_file(path_template: str) -> Iterator[None]:
    del path_template
    yield
