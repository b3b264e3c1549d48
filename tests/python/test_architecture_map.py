"""docs/ARCHITECTURE.md is the map of the C++ core: every tracked file under cpp/ is listed under the heading of its
folder (a .hpp/.cpp pair once, as `name.{hpp,cpp}` or by either file's name), and no name in the map points at a
file or folder that does not exist."""

from __future__ import annotations

import pathlib
import re
import subprocess
from typing import Iterable

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
MAP = REPO / "docs" / "ARCHITECTURE.md"

# A heading that names folders: "### `cpp/decompile/walk/`: the structuring core".
HEADING = re.compile(r"^#+\s")
FOLDER = re.compile(r"`([\w./-]+/)`")
# A map line: "- `name.{hpp,cpp}` — what it does"; the names are the code spans before the dash.
ITEM = re.compile(r"^- (.+?) — ")
CODE_SPAN = re.compile(r"`([^`]+)`")
# A code span that reads as a path (no spaces, globs, placeholders or calls).
PATH_LIKE = re.compile(r"^[\w./{},+-]+$")
BRACES = re.compile(r"\{([^{}]*)\}")
FILE_SUFFIXES = (".cpp", ".hpp", ".py", ".md", ".sh", ".json", ".map", ".txt", ".toml")
PAIRED = {".hpp": ".cpp", ".cpp": ".hpp"}


def expand(name: str) -> list[str]:
    """`a.{hpp,cpp}` -> [`a.hpp`, `a.cpp`]; names without braces stay as they are."""
    match = BRACES.search(name)
    if not match:
        return [name]
    head, tail = name[: match.start()], name[match.end() :]
    return [expanded for choice in match.group(1).split(",") for expanded in expand(head + choice + tail)]


def tracked_files() -> list[str]:
    try:
        result = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"not a git checkout ({error}): the map is checked against tracked files")
    return [path for path in result.stdout.decode("utf-8").split("\0") if path]


def map_sections(lines: Iterable[str]) -> dict[str, set[str]]:
    """For each folder a heading names, the file and folder names its map lines list (until the next heading)."""
    sections: dict[str, set[str]] = {}
    folders: list[str] = []
    for line in lines:
        if HEADING.match(line):
            folders = FOLDER.findall(line)
            for folder in folders:
                sections.setdefault(folder, set())
            continue
        item = ITEM.match(line)
        if not item or not folders:
            continue
        for span in CODE_SPAN.findall(item.group(1)):
            for folder in folders:
                sections[folder].update(expand(span))
    return sections


def listed(path: str, sections: dict[str, set[str]]) -> bool:
    folder, _, name = path.rpartition("/")
    names = sections.get(folder + "/", set())
    if name in names:
        return True
    stem, dot, suffix = name.rpartition(".")
    partner = PAIRED.get(dot + suffix)
    return partner is not None and stem + partner in names


def test_every_cpp_file_is_listed_under_its_folder() -> None:
    sections = map_sections(MAP.read_text(encoding="utf-8").splitlines())
    missing = []
    for path in tracked_files():
        if not path.startswith("cpp/") or listed(path, sections):
            continue
        name = path.rpartition("/")[2]
        elsewhere = sorted(folder for folder, names in sections.items() if name in names)
        where = f" (listed under {', '.join(elsewhere)} instead)" if elsewhere else ""
        missing.append(f"  {path}: no line under the heading `{path.rpartition('/')[0]}/`{where}")
    listing = "\n".join(missing)
    assert not missing, f"docs/ARCHITECTURE.md does not list {len(missing)} file(s) of cpp/:\n{listing}"


def test_every_name_in_the_map_exists() -> None:
    files = tracked_files()
    file_set = set(files)
    folder_set = {path[: index + 1] for path in files for index, char in enumerate(path) if char == "/"}
    top_folders = {folder for folder in folder_set if folder.count("/") == 1}

    def exists(path: str) -> bool:
        return path in file_set or path in folder_set or (REPO / path).exists()

    lines = MAP.read_text(encoding="utf-8").splitlines()
    dangling = []
    # Map lines: each name is a file or folder of the heading's folder (or, for a heading over several folders
    # such as `tests/`, `benchmarks/`, a path from the repository's root).
    folders: list[str] = []
    for number, line in enumerate(lines, 1):
        if HEADING.match(line):
            folders = FOLDER.findall(line)
            continue
        item = ITEM.match(line)
        if not item or not folders:
            continue
        for span in CODE_SPAN.findall(item.group(1)):
            for name in expand(span):
                if not any(exists(folder + name) for folder in folders) and not exists(name):
                    dangling.append(f"  line {number}: `{name}` is no file or folder of {', '.join(folders)}")
    # Anywhere in the text: a path from the root (`cpp/ir/`, `tools/roundtrip.py`) must exist, and a file name
    # (`walk/loops.cpp`, `evaluation_order.cpp`) must be the end of some tracked file's path.
    for number, line in enumerate(lines, 1):
        for span in CODE_SPAN.findall(line):
            if not PATH_LIKE.match(span):
                continue
            for name in expand(span):
                if any(name.startswith(folder) for folder in top_folders):
                    if not exists(name):
                        dangling.append(f"  line {number}: `{name}` does not exist")
                elif name.endswith(FILE_SUFFIXES) and not any(
                    path == name or path.endswith("/" + name) for path in files
                ):
                    dangling.append(f"  line {number}: no tracked file is named `{name}`")
    listing = "\n".join(dict.fromkeys(dangling))
    assert not dangling, f"docs/ARCHITECTURE.md names {len(dangling)} thing(s) that do not exist:\n{listing}"
