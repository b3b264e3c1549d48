"""Reference side of the "disassembler agrees with dis" oracle.

Runs UNDER a reference interpreter (CPython 3.8-3.15), so this file must stay
valid Python 3.8 and import nothing outside the standard library.

What dis says about a code object is written as JSON lines, one object per code
object, depth first (the code object itself, then each code constant in
co_consts order, recursively):

    {"name", "qualname", "firstlineno",
     "instructions":    [{"offset", "opname", "arg"}, ...],      # dis.get_instructions
     "exception_table": [{"start", "end", "target", "depth", "lasti"}, ...],
     "line_starts":     [[offset, line], ...]}                   # dis.findlinestarts

qualname: co_qualname on 3.11+. Before 3.11 code objects carry no qualname, so
both sides derive it the same way: the root code object gets co_name; a code
object at co_consts[i] of its parent gets the string loaded by the LOAD_CONST
that follows the parent's first ``LOAD_CONST i`` when the instruction after
that is MAKE_FUNCTION, and co_name otherwise. "Following" skips EXTENDED_ARG
prefixes (they belong to the next instruction).

Next to it, the text dis.dis prints for the same code (the listing `depyf dis`
must reproduce), with code object addresses written as 0x0 (depyf has no
addresses to print). split_text_listing cuts it into one piece per code object,
in the same order as the JSON lines.

Modes:

  compile  read source paths (one per line) from stdin or --files, compile each
           with this interpreter, write its .pyc (timestamp-based, and every
           --hash-every'th file hash-based, alternating checked/unchecked) and
           its reference listing under --out, plus out/manifest.jsonl. Files
           that do not compile here are recorded as skipped, not as errors.
  pyc      print the reference listing of existing .pyc files (as JSON lines)
           for the code objects they contain; with --text, what dis.dis prints.
"""

from __future__ import annotations

import argparse
import ast
import dis
import io
import re
import importlib.util
import json
import marshal
import os
import sys
import time
import types
import warnings
from importlib import _bootstrap_external  # type: ignore[attr-defined]
from typing import Any, Dict, Iterator, List, Optional, Tuple

PYC_HEADER_SIZE = 16
MINOR = sys.version_info[1]


# --------------------------------------------------------------------------
# The reference listing
# --------------------------------------------------------------------------


def instruction_records(code: types.CodeType) -> List[Dict[str, Any]]:
    return [
        {"offset": ins.offset, "opname": ins.opname, "arg": ins.arg}
        for ins in dis.get_instructions(code)
    ]


def exception_table_records(code: types.CodeType) -> List[Dict[str, Any]]:
    parse = getattr(dis, "_parse_exception_table", None)
    if parse is None:
        return []
    return [
        {"start": e.start, "end": e.end, "target": e.target, "depth": e.depth, "lasti": bool(e.lasti)}
        for e in parse(code)
    ]


def line_start_records(code: types.CodeType) -> List[List[Optional[int]]]:
    return [[offset, line] for offset, line in dis.findlinestarts(code)]


def nested_qualnames(parent: types.CodeType) -> Dict[int, str]:
    """qualname of each code constant of parent, by co_consts index (see module docstring)."""
    children = {i: c for i, c in enumerate(parent.co_consts) if isinstance(c, types.CodeType)}
    if not children:
        return {}
    if all(hasattr(child, "co_qualname") for child in children.values()):
        return {i: child.co_qualname for i, child in children.items()}
    names = {i: child.co_name for i, child in children.items()}
    instructions = [ins for ins in dis.get_instructions(parent) if ins.opname != "EXTENDED_ARG"]
    seen = set()  # type: set
    for position, ins in enumerate(instructions):
        if ins.opname != "LOAD_CONST" or ins.arg not in children or ins.arg in seen:
            continue
        seen.add(ins.arg)
        following = instructions[position + 1 : position + 3]
        if (
            len(following) == 2
            and following[0].opname == "LOAD_CONST"
            and isinstance(parent.co_consts[following[0].arg], str)
            and following[1].opname == "MAKE_FUNCTION"
        ):
            names[ins.arg] = parent.co_consts[following[0].arg]
    return names


def root_qualname(code: types.CodeType) -> str:
    return getattr(code, "co_qualname", code.co_name)


def code_record(code: types.CodeType, qualname: str) -> Dict[str, Any]:
    return {
        "name": code.co_name,
        "qualname": qualname,
        "firstlineno": code.co_firstlineno,
        "instructions": instruction_records(code),
        "exception_table": exception_table_records(code),
        "line_starts": line_start_records(code),
    }


def walk_code(code: types.CodeType, qualname: str) -> Iterator[Tuple[types.CodeType, str]]:
    """The code object and its nested code constants, depth first, with qualnames."""
    yield code, qualname
    qualnames = nested_qualnames(code)
    for index, const in enumerate(code.co_consts):
        if isinstance(const, types.CodeType):
            for item in walk_code(const, qualnames[index]):
                yield item


def reference_records(code: types.CodeType) -> List[Dict[str, Any]]:
    """What dis says about code and every code object nested in it."""
    return [code_record(c, q) for c, q in walk_code(code, root_qualname(code))]


def reference_json_lines(code: types.CodeType) -> str:
    return "".join(json.dumps(record, separators=(",", ":")) + "\n" for record in reference_records(code))


_CODE_ADDRESS = re.compile(r"(<code object .*?) at 0x[0-9a-f]+, file ")
TEXT_SEPARATOR = "\nDisassembly of "


def marshal_order(value: frozenset) -> List[Any]:
    """The elements of a frozenset in the order a .pyc most likely stores them.

    3.11+ marshal writes them sorted by their own marshal bytes, which carry
    FLAG_REF when the writing process held more than one reference to the
    element, so this is a best guess; before 3.11, in iteration order, which
    is the order dis sees in the compiling process.
    """
    if MINOR >= 11:
        return [element for _, element in sorted(((marshal.dumps(e), e) for e in value), key=lambda p: p[0])]
    return list(value)


def stored_order_repr(value: Any) -> str:
    """repr(value) with every frozenset in it listed in marshal_order."""
    if isinstance(value, frozenset):
        if not value:
            return "frozenset()"
        return "frozenset({%s})" % ", ".join(stored_order_repr(e) for e in marshal_order(value))
    if isinstance(value, tuple):
        items = [stored_order_repr(e) for e in value]
        return "(%s,)" % items[0] if len(items) == 1 else "(%s)" % ", ".join(items)
    return repr(value)


def holds_frozenset(value: Any) -> bool:
    if isinstance(value, frozenset):
        return True
    return isinstance(value, tuple) and any(holds_frozenset(e) for e in value)


def reference_text(code: types.CodeType, stored_order: bool = True) -> str:
    """dis.dis(code) as printed, code object addresses written as 0x0.

    dis prints a frozenset constant in the set's iteration order, which
    depends on the process's string hash seed: two runs of dis on one .pyc
    disagree. depyf prints the order the .pyc stores; this reference lists
    frozensets in marshal_order, which is that order in most cases (the
    only liberty it takes with dis's text; compare_text_listings accepts any
    order). stored_order=False keeps dis's order, which is what depyf reads
    from a live code object.
    """
    buffer = io.StringIO()
    dis.dis(code, file=buffer)
    text = buffer.getvalue()
    if not stored_order:
        return _CODE_ADDRESS.sub(r"\1 at 0x0, file ", text)
    rewrites = {}  # type: Dict[str, str]
    for each, _ in walk_code(code, ""):
        for const in each.co_consts:
            if holds_frozenset(const):
                rewrites[repr(const)] = stored_order_repr(const)
    for printed in sorted(rewrites, key=len, reverse=True):
        if rewrites[printed] != printed:
            text = text.replace("(%s)" % printed, "(%s)" % rewrites[printed])
    return _CODE_ADDRESS.sub(r"\1 at 0x0, file ", text)


def split_text_listing(text: str) -> List[str]:
    """One piece per code object: dis.dis prints each nested one after a blank
    line as "Disassembly of <code object ...>:", depth first."""
    return text.split(TEXT_SEPARATOR)


def first_text_difference(expected: str, actual: str) -> str:
    want, got = expected.split("\n"), actual.split("\n")
    for number, (line_want, line_got) in enumerate(zip(want, got)):
        if line_want != line_got:
            return "line %d: expected %r, got %r" % (number + 1, line_want, line_got)
    return "expected %d lines, got %d" % (len(want), len(got))


_ARGREPR = re.compile(r"^(.*? \d+ )\((.*)\)$")


class _SortFrozensets(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "frozenset" and node.args:
            if isinstance(node.args[0], ast.Set):
                node.args[0].elts.sort(key=ast.dump)
        return node


def _frozensets_as_sets(line: str) -> Optional[str]:
    """The line with the elements of every frozenset in its argrepr sorted (None: not such a line)."""
    match = _ARGREPR.match(line)
    if match is None or "frozenset({" not in match.group(2):
        return None
    try:
        tree = ast.parse(match.group(2), mode="eval")
    except (SyntaxError, ValueError, RecursionError):
        return None
    return match.group(1) + ast.dump(_SortFrozensets().visit(tree))


def same_text_piece(expected: str, actual: str) -> bool:
    """Equal text, except that a frozenset's elements may come in another order.

    dis lists a frozenset in iteration order (it depends on the process's hash
    seed); depyf in the order the .pyc stores, which 3.11+ marshal sorts by
    each element's marshal bytes, themselves dependent on reference counts in
    the writing process (FLAG_REF). Neither order can be recomputed here, so
    a line that differs only in that order counts as equal.
    """
    if expected == actual:
        return True
    want, got = expected.split("\n"), actual.split("\n")
    if len(want) != len(got):
        return False
    for line_want, line_got in zip(want, got):
        if line_want != line_got:
            canonical = _frozensets_as_sets(line_want)
            if canonical is None or canonical != _frozensets_as_sets(line_got):
                return False
    return True


def compare_text_listings(expected: str, actual: str) -> Tuple[int, List[str]]:
    """(number of code objects whose text agrees, descriptions of the others)."""
    want, got = split_text_listing(expected), split_text_listing(actual)
    equal = 0
    problems = []
    for index, (piece_want, piece_got) in enumerate(zip(want, got)):
        if same_text_piece(piece_want, piece_got):
            equal += 1
            continue
        title = piece_want.split("\n", 1)[0] if index else "top level"
        problems.append("text of code object #%d (%s): %s" % (index, title, first_text_difference(piece_want, piece_got)))
    if len(want) != len(got):
        problems.append("text: expected %d code objects, got %d" % (len(want), len(got)))
    return equal, problems


# --------------------------------------------------------------------------
# Comparing a listing with the reference (shared by the sweep and the tests)
# --------------------------------------------------------------------------

RECORD_FIELDS = ("name", "qualname", "firstlineno", "instructions", "exception_table", "line_starts")


def parse_json_lines(text: str) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def describe_code(index: int, record: Dict[str, Any]) -> str:
    return "code object #%d %s (line %s)" % (index, record.get("qualname"), record.get("firstlineno"))


def first_list_difference(field: str, expected: List[Any], actual: List[Any]) -> str:
    for position, (want, got) in enumerate(zip(expected, actual)):
        if want != got:
            return "%s[%d]: expected %s, got %s" % (field, position, json.dumps(want), json.dumps(got))
    if len(expected) != len(actual):
        position = min(len(expected), len(actual))
        extra = expected[position] if len(expected) > len(actual) else actual[position]
        side = "missing" if len(expected) > len(actual) else "extra"
        return "%s: expected %d entries, got %d; first %s: %s" % (
            field, len(expected), len(actual), side, json.dumps(extra))
    return "%s: equal" % field


def record_differences(expected: Dict[str, Any], actual: Dict[str, Any]) -> List[str]:
    """One line per field that differs (empty when the records agree)."""
    lines = []
    for field in RECORD_FIELDS:
        want, got = expected.get(field), actual.get(field, "<missing>")
        if want == got:
            continue
        if isinstance(want, list) and isinstance(got, list):
            lines.append(first_list_difference(field, want, got))
        else:
            lines.append("%s: expected %s, got %s" % (field, json.dumps(want), json.dumps(got)))
    unknown = sorted(set(actual) - set(RECORD_FIELDS))
    if unknown:
        lines.append("unexpected fields: %s" % ", ".join(unknown))
    return lines


def compare_listings(
    expected: List[Dict[str, Any]], actual: List[Dict[str, Any]]
) -> Tuple[int, List[str]]:
    """(number of equal code objects, descriptions of the differing ones)."""
    equal = 0
    problems = []
    for index, (want, got) in enumerate(zip(expected, actual)):
        differences = record_differences(want, got)
        if differences:
            problems.append("%s: %s" % (describe_code(index, want), "; ".join(differences)))
        else:
            equal += 1
    if len(expected) != len(actual):
        problems.append("expected %d code objects, got %d" % (len(expected), len(actual)))
    return equal, problems


# --------------------------------------------------------------------------
# .pyc writing
# --------------------------------------------------------------------------


def pyc_bytes(code: types.CodeType, source: bytes, header: str) -> bytes:
    """A whole .pyc: header is "timestamp", "hash-checked" or "hash-unchecked"."""
    if header == "timestamp":
        # A fixed mtime keeps the output reproducible.
        data = _bootstrap_external._code_to_timestamp_pyc(code, 0, len(source))
    else:
        source_hash = importlib.util.source_hash(source)
        data = _bootstrap_external._code_to_hash_pyc(code, source_hash, header == "hash-checked")
    return bytes(data)


def header_kind(index: int, hash_every: int) -> str:
    if hash_every <= 0 or index % hash_every != hash_every - 1:
        return "timestamp"
    return "hash-checked" if (index // hash_every) % 2 == 0 else "hash-unchecked"


def compile_source(path: str) -> Tuple[Optional[types.CodeType], bytes, str]:
    """(code or None, source bytes, reason it was skipped)."""
    try:
        with open(path, "rb") as handle:
            source = handle.read()
    except OSError as exc:
        return None, b"", "unreadable: %s" % exc
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return compile(source, path, "exec", dont_inherit=True), source, ""
        except (SyntaxError, ValueError, UnicodeError, OverflowError, MemoryError, RecursionError) as exc:
            return None, source, "%s: %s" % (type(exc).__name__, exc)
        except Exception as exc:  # noqa: BLE001 - anything compile() raises means "does not compile here"
            return None, source, "%s: %s" % (type(exc).__name__, exc)


def output_stem(path: str, root: Optional[str], index: int) -> str:
    """Path (relative to the output directory, without extension) for one source."""
    if root:
        relative = os.path.relpath(path, root)
        if not relative.startswith(".."):
            return os.path.splitext(relative)[0]
    return "file%05d_%s" % (index, os.path.splitext(os.path.basename(path))[0])


def write_bytes(path: str, data: bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def compile_one(path: str, index: int, args: argparse.Namespace) -> Dict[str, Any]:
    entry = {"index": index, "source": path}  # type: Dict[str, Any]
    code, source, reason = compile_source(path)
    if code is None:
        entry.update(status="skipped", reason=reason)
        return entry
    stem = output_stem(path, args.root, index)
    pyc_rel = os.path.join("pyc", stem + ".cpython-3%d.pyc" % MINOR)
    ref_rel = os.path.join("ref", stem + ".jsonl")
    kind = header_kind(index, args.hash_every)
    write_bytes(os.path.join(args.out, pyc_rel), pyc_bytes(code, source, kind))
    try:
        listing = reference_json_lines(code)
        text = reference_text(code)
    except Exception as exc:  # noqa: BLE001 - dis itself failing is worth recording, not fatal
        entry.update(status="skipped", reason="dis failed: %s: %s" % (type(exc).__name__, exc))
        return entry
    write_bytes(os.path.join(args.out, ref_rel), listing.encode("utf-8"))
    text_rel = os.path.join("txt", stem + ".dis.txt")
    write_bytes(os.path.join(args.out, text_rel), text.encode("utf-8"))
    entry.update(status="ok", pyc=pyc_rel, ref=ref_rel, text=text_rel, header=kind,
                 code_objects=listing.count("\n"))
    return entry


def read_file_list(args: argparse.Namespace) -> List[str]:
    if args.files:
        with open(args.files, "r", encoding="utf-8") as handle:
            text = handle.read()
    else:
        text = sys.stdin.read()
    return [line.strip() for line in text.splitlines() if line.strip()]


def run_compile(args: argparse.Namespace) -> int:
    paths = read_file_list(args)
    os.makedirs(args.out, exist_ok=True)
    manifest_path = os.path.join(args.out, "manifest.jsonl")
    started = time.time()
    counts = {"ok": 0, "skipped": 0}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    with open(manifest_path + ".partial", "w", encoding="utf-8") as manifest:
        header = {"python": sys.version, "minor": MINOR, "files": len(paths), "key": args.key}
        manifest.write(json.dumps(header) + "\n")
        for index, path in enumerate(paths):
            entry = compile_one(path, index, args)
            counts[entry["status"]] += 1
            manifest.write(json.dumps(entry) + "\n")
            if (index + 1) % args.progress_every == 0 or index + 1 == len(paths):
                print(
                    "[3.%d reference] %d/%d files (%d skipped) %.0fs"
                    % (MINOR, index + 1, len(paths), counts["skipped"], time.time() - started),
                    file=sys.stderr,
                    flush=True,
                )
    os.replace(manifest_path + ".partial", manifest_path)
    return 0


def load_pyc(path: str) -> types.CodeType:
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:4] != importlib.util.MAGIC_NUMBER:
        raise SystemExit("%s: not a .pyc of this interpreter (3.%d)" % (path, MINOR))
    return marshal.loads(data[PYC_HEADER_SIZE:])


def run_pyc(args: argparse.Namespace) -> int:
    for path in args.pyc:
        code = load_pyc(path)
        sys.stdout.write(reference_text(code) if args.text else reference_json_lines(code))
    return 0


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode")
    comp = sub.add_parser("compile", help="compile sources, write .pyc + reference listings")
    comp.add_argument("--out", required=True, help="output directory")
    comp.add_argument("--root", help="paths under this root keep their relative layout in --out")
    comp.add_argument("--files", help="file with one source path per line (default: stdin)")
    comp.add_argument("--hash-every", type=int, default=7, help="every Nth pyc is hash-based (0: never)")
    comp.add_argument("--key", default="", help="opaque cache key stored in the manifest header")
    comp.add_argument("--progress-every", type=int, default=100)
    pyc = sub.add_parser("pyc", help="print the reference listing of .pyc files")
    pyc.add_argument("--text", action="store_true", help="print dis.dis's text instead (see reference_text)")
    pyc.add_argument("pyc", nargs="+")
    args = parser.parse_args(argv)
    if args.mode is None:
        parser.error("choose a mode: compile or pyc")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if args.mode == "compile":
        return run_compile(args)
    return run_pyc(args)


if __name__ == "__main__":
    sys.exit(main())
