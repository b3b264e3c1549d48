"""Writing into a dump directory that several processes may share.

A file either appears complete or not at all (written aside, then
hard-linked into place), and an existing file is never overwritten: a name
template gets the next free counter unless a file with the very same
content already sits at one of its names.

Every file placed or found this way is reported to the listeners of
`watch_writes` (the run manifests of active prepare_debug blocks), so a
writer only has to use `write_unique` to appear in its run's manifest.
"""

from __future__ import annotations

import os
import tempfile
import threading
from typing import Callable, List

# listener(path, created): created is False when an identical file was already there.
WriteListener = Callable[[str, bool], None]
_listeners: List[WriteListener] = []
_listeners_lock = threading.Lock()


def watch_writes(listener: WriteListener) -> Callable[[], None]:
    """Calls listener(path, created) for every file `write_unique` returns, until the returned undo."""
    with _listeners_lock:
        _listeners.append(listener)

    def stop() -> None:
        with _listeners_lock:
            for index, current in enumerate(_listeners):
                if current is listener:
                    del _listeners[index]
                    break

    return stop


def _report(path: str, created: bool) -> None:
    with _listeners_lock:
        listeners = list(_listeners)
    for listener in listeners:
        try:
            listener(path, created)
        except Exception:  # noqa: BLE001 - bookkeeping must never fail a dump
            pass


def make_directory(path: str) -> str:
    os.makedirs(path, exist_ok=True)
    return os.path.abspath(path)


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return None


def _place_exclusively(path: str, content: str) -> bool:
    """Creates `path` with `content` unless it exists; False when it does."""
    directory = os.path.dirname(path) or "."
    fd, aside = tempfile.mkstemp(dir=directory, prefix=".depyf-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(content)
        try:
            os.link(aside, path)
            return True
        except FileExistsError:
            return False
        except OSError:
            # No hard links on this file system: exclusive create instead.
            try:
                with open(path, "x", encoding="utf-8") as handle:
                    handle.write(content)
                return True
            except FileExistsError:
                return False
    finally:
        try:
            os.unlink(aside)
        except OSError:
            pass


def write_unique(template: str, content_for: Callable[[str], str]) -> str:
    """Writes content_for(path) at template % n for the first usable n.

    `template` holds one ``%s``. A path whose file already has exactly the
    content it would get is reused (the same code dumped twice, or by two
    processes).
    """
    count = 0
    while True:
        path = template % count
        content = content_for(path)
        existing = _read(path)
        if existing is None and _place_exclusively(path, content):
            _report(path, True)
            return path
        if existing is None:
            existing = _read(path)  # another process won the race
        if existing == content:
            _report(path, False)
            return path
        count += 1


def replace_atomically(path: str, content: str) -> None:
    """Writes `path` whole: readers see the old content or the new, never a part.

    For files one process owns (its run manifest); shared names go through `write_unique`.
    """
    directory = os.path.dirname(path) or "."
    fd, aside = tempfile.mkstemp(dir=directory, prefix=".depyf-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(content)
        os.replace(aside, path)
    except BaseException:
        try:
            os.unlink(aside)
        except OSError:
            pass
        raise


def append_line(path: str, line: str) -> None:
    """Appends one line with a single O_APPEND write: lines of processes
    appending at once do not interleave (on local file systems)."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def stem(path: str) -> str:
    """File name without directory and extension: the function name it holds."""
    return os.path.basename(path).split(".")[0]


def safe_name(name: str) -> str:
    """A code object's name made usable in file and function names."""
    cleaned = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    return cleaned or "code"
