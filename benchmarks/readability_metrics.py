"""Readability counts of a depyf dump directory (no torch needed: it only reads files).

What each count means is defined in docs/readability.md; in short, per
`__transformed_code_*_for_*.py` file:

- statements: statement nodes inside the transformed function (the `def` whose
  name is the file's stem), counted recursively; scaffolding around it (a closure
  that provides free variables) is not counted. A file with no such function
  counts every statement in it.
- temporaries: distinct names no person would choose (`TEMPORARY_NAME`).
- dead blocks: `if`/`while` statements whose test is a false constant (`if 0:`,
  `if None:`, `if False:`), kept only so that the compiler fills name tables.
- slice shuffles: statements that move Dynamo's stack lists around: an
  assignment to or deletion of a slice, `del` of an item of a temporary, or a
  subscript of a list/tuple display.
- uuid names: distinct identifiers holding a hex uuid, anywhere in the text.
- original statements: statements of the user's function the file was compiled
  from (read from the `(path:line)` the file's header, or its full_code section,
  names); for a resume function, the statements from its line on plus the
  compound statements around that line.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import os
import re
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

# depyf's spills (__temp_N), Dynamo's new_var (tmp_N, _var_N), resume-function
# stack slots (___stackN) and Dynamo's argument names (__argN).
TEMPORARY_NAME = re.compile(r"^_*(?:temp|tmp|var|stack|arg)_?\d+$")
UUID = re.compile(r"[0-9a-f]{8}([_-])[0-9a-f]{4}\1[0-9a-f]{4}\1[0-9a-f]{4}\1[0-9a-f]{12}", re.IGNORECASE)
UUID_NAME = re.compile(r"\w*" + UUID.pattern + r"\w*", re.IGNORECASE)
TRANSFORMED_FILE = re.compile(r"^__transformed_code_\d+_for_.+\.py$")
FULL_CODE_FILE = re.compile(r"^full_code_for_.+\.py$")
# "(path/to/file.py:LINE)" as the transformed file's header and full_code's section titles write it.
LOCATION = re.compile(r"\((?P<path>[^()]+?\.py):(?P<line>\d+)\)")
# The wording depyf's explainer uses when the file is not the code that runs.
UNDECOMPILED = re.compile(r"could not (?:be )?decompile", re.IGNORECASE)
NOT_RUNNING = re.compile(r"own bytecode runs", re.IGNORECASE)
RESUME_ORIGINAL = re.compile(r"^__original_code_for___resume_at_\w+$")
# full_code's note where it shows a code object (an original, a resume function) it could not decompile.
UNDECOMPILED_IN_FULL_CODE = re.compile(r"could not decompile (\w+):")


@dataclasses.dataclass
class CodeCounts:
    """The counts of one piece of code (a transformed function, a resume function's original)."""

    statements: int = 0
    temporaries: int = 0
    dead_blocks: int = 0
    slice_shuffles: int = 0
    uuid_names: int = 0

    def add(self, other: "CodeCounts") -> None:
        for field in dataclasses.fields(self):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))


@dataclasses.dataclass
class TransformedFile:
    file: str
    counts: CodeCounts
    undecompiled: bool
    runs_from_file: bool
    original_location: Optional[str]  # "path:line" of the user's code, when known
    original_statements: Optional[int]
    parse_error: Optional[str] = None


@dataclasses.dataclass
class DumpCounts:
    """Everything measured in one dump directory."""

    transformed: List[TransformedFile]
    resume_originals: Dict[str, CodeCounts]  # full_code's `__original_code_for___resume_at_*`, by name
    undecompiled_in_full_code: List[str]  # names of code objects full_code says it could not decompile
    uuid_names_in_dump: int  # distinct uuid names per .py file of the dump, summed
    uuid_file_names: int  # dumped files whose name holds a uuid
    dumped_files: int

    def totals(self) -> Dict[str, float]:
        counts = CodeCounts()
        for item in self.transformed:
            counts.add(item.counts)
        known = [item for item in self.transformed if item.original_statements]
        original = sum(item.original_statements or 0 for item in known)
        statements_with_original = sum(item.counts.statements for item in known)
        resume = CodeCounts()
        for item in self.resume_originals.values():
            resume.add(item)
        return {
            "transformed_files": len(self.transformed),
            "statements": counts.statements,
            "original_statements": original,
            "statements_with_original": statements_with_original,
            "ratio": round(statements_with_original / original, 2) if original else 0.0,
            "temporaries": counts.temporaries,
            "dead_blocks": counts.dead_blocks,
            "slice_shuffles": counts.slice_shuffles,
            "uuid_names": counts.uuid_names,
            "uuid_names_in_dump": self.uuid_names_in_dump,
            "uuid_file_names": self.uuid_file_names,
            "undecompiled": sum(item.undecompiled for item in self.transformed),
            "not_running_from_file": sum(not item.runs_from_file for item in self.transformed),
            "resume_originals": len(self.resume_originals),
            "resume_original_statements": resume.statements,
            "resume_original_noise": resume.temporaries + resume.dead_blocks + resume.slice_shuffles,
            "undecompiled_in_full_code": len(self.undecompiled_in_full_code),
            "dumped_files": self.dumped_files,
        }


def _statements_in(node: ast.AST) -> Iterator[ast.stmt]:
    """Every statement below `node` (not `node` itself), nested bodies included."""
    for child in ast.walk(node):
        if child is not node and isinstance(child, ast.stmt):
            yield child


def _own_expressions(statement: ast.stmt) -> Iterator[ast.AST]:
    """The expressions a statement holds itself, without those of the statements in its body."""
    for child in ast.iter_child_nodes(statement):
        if not isinstance(child, ast.stmt):
            yield from ast.walk(child)


def _is_false_constant(test: ast.expr) -> bool:
    return isinstance(test, ast.Constant) and not test.value


def _is_display(node: ast.AST) -> bool:
    return isinstance(node, (ast.List, ast.Tuple))


def _is_slice_shuffle(statement: ast.stmt) -> bool:
    targets: List[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, (ast.AugAssign, ast.AnnAssign)):
        targets = [statement.target]
    elif isinstance(statement, ast.Delete):
        targets = list(statement.targets)
        for target in targets:
            if (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and TEMPORARY_NAME.match(target.value.id)
            ):
                return True
    if any(isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Slice) for target in targets):
        return True
    return any(isinstance(node, ast.Subscript) and _is_display(node.value) for node in _own_expressions(statement))


def _temporary_names(node: ast.AST) -> set:
    """Meaningless names the code chose. The function's own parameters are not counted:
    Dynamo fixes them (a resume function's `___stack0` is the value on the stack at the
    break) and the code that runs must keep them."""
    own = (
        {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        else set()
    )
    names = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and TEMPORARY_NAME.match(child.id) and child.id not in own:
            names.add(child.id)
        elif isinstance(child, ast.arg) and TEMPORARY_NAME.match(child.arg) and child.arg not in own:
            names.add(child.arg)
    return names


def count_code(node: ast.AST, text: str) -> CodeCounts:
    """Counts of the code below `node`; `text` is its source (for uuid names, comments included)."""
    statements = list(_statements_in(node))
    return CodeCounts(
        statements=len(statements),
        temporaries=len(_temporary_names(node)),
        dead_blocks=sum(
            isinstance(statement, (ast.If, ast.While)) and _is_false_constant(statement.test)
            for statement in statements
        ),
        slice_shuffles=sum(_is_slice_shuffle(statement) for statement in statements),
        uuid_names=count_uuid_names(text),
    )


def count_uuid_names(text: str) -> int:
    return len({match.group(0) for match in UUID_NAME.finditer(text)})


def _find_function(tree: ast.AST, name: str) -> Optional[ast.AST]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    return None


def _leading_comments(text: str) -> str:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


@functools.lru_cache(maxsize=None)
def _parsed_source(path: str) -> Optional[ast.AST]:
    try:
        with open(path, encoding="utf-8") as handle:
            return ast.parse(handle.read(), filename=path)
    except (OSError, SyntaxError, ValueError):
        return None


def _first_line(function: ast.AST) -> int:
    decorators = getattr(function, "decorator_list", [])
    return min([function.lineno] + [decorator.lineno for decorator in decorators])


def original_statements(path: str, line: int) -> Optional[int]:
    """Statements of the user's function whose code starts at (or, for a resume function, continues from)
    `line` of `path`; None when no function there is found."""
    tree = _parsed_source(path)
    if tree is None:
        return None
    around = [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _first_line(node) <= line <= node.end_lineno
    ]
    # The innermost function around `line` is the one that starts last.
    innermost = max(around, key=_first_line, default=None)
    if innermost is None:
        return None
    statements = list(_statements_in(innermost))
    if line in (innermost.lineno, _first_line(innermost)):
        return len(statements)
    # A resume function: what runs from `line` on, and the compound statements it runs inside of.
    return sum(
        statement.lineno >= line or statement.lineno < line <= (statement.end_lineno or statement.lineno)
        for statement in statements
    )


def _locations_from_full_code(dump_dir: str, full_code_files: Iterable[str]) -> Dict[str, Tuple[str, int]]:
    """transformed file name -> (path, line) of the section of a full_code file that shows it."""
    found: Dict[str, Tuple[str, int]] = {}
    for name in full_code_files:
        with open(os.path.join(dump_dir, name), encoding="utf-8", errors="replace") as handle:
            section: Optional[Tuple[str, int]] = None
            for line in handle:
                if line.startswith("# ") and line.rstrip().endswith("compiled version(s)"):
                    match = LOCATION.search(line)
                    section = (match.group("path"), int(match.group("line"))) if match else None
                for mentioned in re.findall(r"__transformed_code_\d+_for_\w+\.py", line):
                    if section and mentioned not in found:
                        found[mentioned] = section
    return found


def measure_transformed_file(path: str, fallback_location: Optional[Tuple[str, int]] = None) -> TransformedFile:
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    name = os.path.basename(path)
    stem = name[: -len(".py")]
    header = _leading_comments(text)
    match = LOCATION.search(header)
    location = (match.group("path"), int(match.group("line"))) if match else fallback_location
    parse_error = None
    try:
        tree = ast.parse(text)
        function = _find_function(tree, stem)
        counts = count_code(function if function is not None else tree, text)
    except SyntaxError as error:
        counts = CodeCounts(uuid_names=count_uuid_names(text))
        parse_error = str(error)
    return TransformedFile(
        file=name,
        counts=counts,
        undecompiled=bool(UNDECOMPILED.search(header)),
        runs_from_file=not (UNDECOMPILED.search(header) or NOT_RUNNING.search(header) or parse_error),
        original_location="%s:%d" % location if location else None,
        original_statements=original_statements(*location) if location else None,
        parse_error=parse_error,
    )


def _undecompiled_in_full_code(dump_dir: str, full_code_files: Iterable[str]) -> List[str]:
    names = set()
    for name in full_code_files:
        with open(os.path.join(dump_dir, name), encoding="utf-8", errors="replace") as handle:
            names.update(UNDECOMPILED_IN_FULL_CODE.findall(handle.read()))
    return sorted(names)


def _resume_originals(dump_dir: str, full_code_files: Iterable[str]) -> Dict[str, CodeCounts]:
    found: Dict[str, CodeCounts] = {}
    for name in full_code_files:
        with open(os.path.join(dump_dir, name), encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and RESUME_ORIGINAL.match(node.name) and node.name not in found:
                found[node.name] = count_code(node, ast.get_source_segment(text, node) or "")
    return found


def measure_dump(dump_dir: str) -> DumpCounts:
    """Walks a prepare_debug dump directory (its subdirectories too) and counts."""
    transformed_paths: List[str] = []
    full_code: List[str] = []
    uuid_in_dump = 0
    uuid_file_names = 0
    dumped = 0
    for root, _dirs, files in os.walk(dump_dir):
        for name in sorted(files):
            dumped += 1
            relative = os.path.relpath(os.path.join(root, name), dump_dir)
            if UUID.search(name):
                uuid_file_names += 1
            if name.endswith(".py"):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as handle:
                    uuid_in_dump += count_uuid_names(handle.read())
            if TRANSFORMED_FILE.match(name):
                transformed_paths.append(relative)
            elif FULL_CODE_FILE.match(name):
                full_code.append(relative)
    fallback = _locations_from_full_code(dump_dir, full_code)
    transformed = [
        measure_transformed_file(os.path.join(dump_dir, relative), fallback.get(os.path.basename(relative)))
        for relative in sorted(transformed_paths)
    ]
    return DumpCounts(
        transformed=transformed,
        resume_originals=_resume_originals(dump_dir, full_code),
        undecompiled_in_full_code=_undecompiled_in_full_code(dump_dir, full_code),
        uuid_names_in_dump=uuid_in_dump,
        uuid_file_names=uuid_file_names,
        dumped_files=dumped,
    )
