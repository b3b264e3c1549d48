"""Seconds spent in depyf's own work while prepare_debug is active: inside its
hooks (transformed code, graph and kernel dumps, cache-hit reports, recompile
reasons), setting them up and writing full_code at the end.

The overhead benchmark reports this beside whole-run wall times, whose noise
on a shared machine (a second or more on a 15 s run) is larger than the
overhead being measured. Hooks nest (dumping a graph makes FX recompile, which
calls the recompile hook): only the outermost one on each thread counts.
"""

from __future__ import annotations

import threading
import time
from typing import Any

_local = threading.local()
_lock = threading.Lock()
_seconds = [0.0]


class _Counted:
    __slots__ = ("_start",)

    def __enter__(self) -> None:
        depth = getattr(_local, "depth", 0)
        _local.depth = depth + 1
        self._start = time.perf_counter() if depth == 0 else None

    def __exit__(self, *_exc: Any) -> None:
        _local.depth -= 1
        if self._start is not None:
            elapsed = time.perf_counter() - self._start
            with _lock:
                _seconds[0] += elapsed


def counted() -> _Counted:
    """`with counted():` adds the block's wall time to seconds() unless an
    enclosing counted block on this thread already does."""
    return _Counted()


def seconds() -> float:
    """depyf's own seconds in this process so far."""
    with _lock:
        return _seconds[0]
