"""Every compiler-idiom file (cpp/decompile/idioms/) opens with the versions it
applies to, the source shape, the bytecode shape and the test that covers it
(issue 24), so a reader can judge an idiom without reading its code.

An idiom is a file or a .hpp/.cpp pair of one name; one of its files (the
.hpp where it holds the description, else the .cpp) carries the four labels,
each at the start of a line of the opening comment, in this order:
`// Versions:`, `// Source:`, `// Bytecode:`, `// Test:`. The test paths named
after `Test:` must exist."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
IDIOMS = ROOT / "cpp" / "decompile" / "idioms"
LABELS = ("Versions:", "Source:", "Bytecode:", "Test:")
TEST_PATH = re.compile(r"tests/[\w./-]+\.(?:py|cpp|hpp|json)")


def opening_comment(path: pathlib.Path) -> list[str]:
    """The leading `//` lines of a file, without the `//` and one space."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[3:] if line.startswith("// ") else line[2:])
    return lines


def idioms() -> dict[str, list[pathlib.Path]]:
    """Idiom name -> its files (.hpp first)."""
    found: dict[str, list[pathlib.Path]] = {}
    for path in sorted(IDIOMS.iterdir()):
        if path.suffix in (".hpp", ".cpp"):
            found.setdefault(path.stem, []).append(path)
    for files in found.values():
        files.sort(key=lambda path: path.suffix != ".hpp")
    return found


def label_lines(comment: list[str]) -> dict[str, int]:
    """Where each label starts a line of the comment (its first such line)."""
    where: dict[str, int] = {}
    for index, line in enumerate(comment):
        for label in LABELS:
            if line.startswith(label) and label not in where:
                where[label] = index
    return where


def header_problem(comment: list[str]) -> str | None:
    """Why a comment is no idiom header, or None."""
    where = label_lines(comment)
    missing = [label for label in LABELS if label not in where]
    if missing:
        return "missing " + ", ".join(missing)
    order = [where[label] for label in LABELS]
    if order != sorted(order):
        return "labels out of order (want " + " ".join(LABELS) + ")"
    for label in LABELS:
        at = where[label]
        text = comment[at][len(label) :].strip()
        follows = at + 1 < len(comment) and comment[at + 1].startswith(" ")
        if not text and not follows:
            return label + " says nothing"
    return None


def covering_text(comment: list[str]) -> str:
    """The text of the `Test:` label: its line and the indented lines after it."""
    at = label_lines(comment)["Test:"]
    lines = [comment[at][len("Test:") :]]
    for line in comment[at + 1 :]:
        if not line.startswith(" "):
            break
        lines.append(line)
    return " ".join(lines)


def test_idiom_directory_is_there() -> None:
    assert len(idioms()) >= 40, f"few idioms found in {IDIOMS}"


def test_every_idiom_opens_with_versions_shapes_and_test() -> None:
    offenders = []
    for name, files in idioms().items():
        problems = []
        for path in files:
            problem = header_problem(opening_comment(path))
            if problem is None:
                break
            problems.append(f"{path.name}: {problem}")
        else:
            offenders.append(f"{name}: " + "; ".join(problems))
    assert not offenders, "idiom files without a full opening header:\n  " + "\n  ".join(offenders)


def test_named_tests_exist() -> None:
    offenders = []
    for files in idioms().values():
        for path in files:
            comment = opening_comment(path)
            if header_problem(comment) is not None:
                continue
            named = TEST_PATH.findall(covering_text(comment))
            if not named:
                offenders.append(f"{path.name}: `Test:` names no tests/... file")
            offenders += [f"{path.name}: {test} does not exist" for test in named if not (ROOT / test).is_file()]
    assert not offenders, "idiom headers naming missing tests:\n  " + "\n  ".join(offenders)
