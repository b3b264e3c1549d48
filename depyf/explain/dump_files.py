"""Writing into a dump directory that several processes may share.

A file either appears complete or not at all (written aside, then
hard-linked into place), and an existing file is never overwritten: a name
template gets the next free counter unless a file with the very same
content already sits at one of its names.
"""

from __future__ import annotations

import os
import tempfile
from typing import Callable


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
            return path
        if existing is None:
            existing = _read(path)  # another process won the race
        if existing == content:
            return path
        count += 1


def stem(path: str) -> str:
    """File name without directory and extension: the function name it holds."""
    return os.path.basename(path).split(".")[0]


def safe_name(name: str) -> str:
    """A code object's name made usable in file and function names."""
    cleaned = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    return cleaned or "code"
