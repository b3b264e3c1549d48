"""Compile the example sources with every reference interpreter.

For each CPython 3.8-3.15 found (tools/pythons.py), writes

    examples/pyc/<stem>.cpython-3X.pyc        the .pyc (deterministic: mtime 0 or hash-based)
    examples/pyc/<stem>.cpython-3X.dis.jsonl  what that interpreter's dis says about it
    examples/pyc/<stem>.cpython-3X.dis.txt    what its dis.dis prints (tools/dis_reference.py reference_text)

sample.py is compiled for every version (timestamp-based pyc); sample_310.py,
which uses match statements, only for 3.10+ (checked hash-based pyc);
sample_314.py (template strings, `except A, B:`, deferred annotations) for
3.14+ (unchecked hash-based pyc), so all three header kinds are represented.
The .dis.* files let the tests check the examples even on a machine without
the reference interpreters. Every run uses PYTHONHASHSEED=0, so frozensets
read back from a .pyc by another process list in the order they were written.

Usage:  python3 tools/make_examples.py [--versions 3.8,3.13] [--check]
  --check  regenerate into a temporary directory and fail if anything differs.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
from typing import Dict, List, Optional, Tuple

TOOLS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TOOLS)
EXAMPLES = os.path.join(REPO, "examples")
PYC_DIR = os.path.join(EXAMPLES, "pyc")
REFERENCE = os.path.join(TOOLS, "dis_reference.py")

sys.path.insert(0, TOOLS)
from pythons import SUPPORTED_MINORS, all_pythons  # noqa: E402

# (source file, first minor it compiles on, header kind)
EXAMPLE_SOURCES: List[Tuple[str, int, str]] = [
    ("sample.py", 8, "timestamp"),
    ("sample_310.py", 10, "hash-checked"),
    ("sample_314.py", 14, "hash-unchecked"),
]


def examples_for(minor: int) -> List[Tuple[str, str]]:
    return [(name, kind) for name, first, kind in EXAMPLE_SOURCES if minor >= first]


# Runs under the reference interpreter with nothing but the standard library
# loaded: before 3.11 marshal flags a string for back-references only when it
# has more than one reference, so the bytes depend on which other code the
# compiling process holds. A minimal process keeps the .pyc reproducible.
COMPILE_SCRIPT = """
import importlib.util, sys
from importlib import _bootstrap_external as bx
source_path, pyc_path, kind = sys.argv[1:4]
with open(source_path, "rb") as handle:
    source = handle.read()
code = compile(source, source_path, "exec", dont_inherit=True)
if kind == "timestamp":
    data = bx._code_to_timestamp_pyc(code, 0, len(source))
else:
    data = bx._code_to_hash_pyc(code, importlib.util.source_hash(source), kind == "hash-checked")
with open(pyc_path, "wb") as handle:
    handle.write(data)
"""


def compile_example(python: str, minor: int, name: str, kind: str, out_dir: str) -> List[str]:
    """Write <stem>.cpython-3X.pyc and .dis.jsonl for one example; return the file names."""
    stem = os.path.splitext(name)[0]
    pyc_name = "%s.cpython-3%d.pyc" % (stem, minor)
    ref_name = "%s.cpython-3%d.dis.jsonl" % (stem, minor)
    text_name = "%s.cpython-3%d.dis.txt" % (stem, minor)
    pyc_path = os.path.join(out_dir, pyc_name)
    # A repository-relative source path keeps the .pyc free of this checkout's location.
    source = os.path.join("examples", name)
    env = fixed_hash_seed()
    subprocess.run([python, "-I", "-S", "-c", COMPILE_SCRIPT, source, pyc_path, kind], check=True, cwd=REPO, env=env)
    for out_name, extra in ((ref_name, []), (text_name, ["--text"])):
        listing = subprocess.run(
            [python, REFERENCE, "pyc", *extra, pyc_path], check=True, stdout=subprocess.PIPE, cwd=REPO, env=env
        ).stdout
        with open(os.path.join(out_dir, out_name), "wb") as handle:
            handle.write(listing)
    return [pyc_name, ref_name, text_name]


def fixed_hash_seed() -> Dict[str, str]:
    return dict(os.environ, PYTHONHASHSEED="0")


def generate(pythons: Dict[int, str], out_dir: str) -> List[str]:
    os.makedirs(out_dir, exist_ok=True)
    written: List[str] = []
    for minor, python in sorted(pythons.items()):
        for name, kind in examples_for(minor):
            written += compile_example(python, minor, name, kind, out_dir)
            print("3.%d: %s (%s)" % (minor, name, kind), file=sys.stderr)
    return written


def parse_versions(text: str) -> List[int]:
    if not text:
        return list(SUPPORTED_MINORS)
    return [int(v.strip().split(".")[1]) for v in text.split(",") if v.strip()]


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--versions", default="", help="comma-separated, e.g. 3.8,3.12 (default: all)")
    parser.add_argument("--check", action="store_true", help="fail if the committed files are stale")
    args = parser.parse_args(argv)
    wanted = parse_versions(args.versions)
    pythons = {m: p for m, p in all_pythons(required=False).items() if m in wanted}
    if not args.check:
        generate(pythons, PYC_DIR)
        return 0
    with tempfile.TemporaryDirectory() as fresh:
        stale = [n for n in generate(pythons, fresh) if not filecmp.cmp(os.path.join(fresh, n), os.path.join(PYC_DIR, n), shallow=False)]
    for name in stale:
        print("stale: examples/pyc/%s (run tools/make_examples.py)" % name, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
