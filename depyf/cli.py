"""The ``depyf`` command line.

Every failure on bad input is one line on stderr and exit status 1; a listing
is printed only when the whole input was read.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from depyf import DecompilationError, __version__
from depyf.decompiler import decompile_marshal_bytes, decompile_pyc_bytes, functions_kept_as_bytecode
from depyf.disassembler import disassemble_marshal_bytes, disassemble_pyc_bytes


def parse_python_version(text: str) -> int:
    """'3.12' -> 12, with an argparse-friendly error."""
    parts = text.split(".")
    if len(parts) != 2 or parts[0] != "3" or not parts[1].isdigit():
        raise argparse.ArgumentTypeError("expected a version like 3.12, got %r" % text)
    return int(parts[1])


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="depyf", description="Read CPython 3.8-3.15 bytecode back.")
    parser.add_argument("--version", action="version", version="depyf " + __version__)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    dis = commands.add_parser("dis", help="disassemble a .pyc file (or marshal data) of any supported version")
    dis.add_argument("file", help="the .pyc file, or - for standard input")
    dis.add_argument("--json", action="store_true", help="one JSON object per code object, depth first")
    dis.add_argument(
        "--marshal", action="store_true", help="the input is marshal.dumps(code) data rather than a .pyc file"
    )
    dis.add_argument(
        "--python", type=parse_python_version, metavar="X.Y", help="the version that wrote the marshal data"
    )
    decompile = commands.add_parser("decompile", help="decompile a .pyc file (or marshal data) back to Python source")
    decompile.add_argument("file", help="the .pyc file, or - for standard input")
    decompile.add_argument(
        "--marshal", action="store_true", help="the input is marshal.dumps(code) data rather than a .pyc file"
    )
    decompile.add_argument(
        "--python", type=parse_python_version, metavar="X.Y", help="the version that wrote the marshal data"
    )
    decompile.add_argument(
        "--strict",
        action="store_true",
        help="fail when a nested function cannot be decompiled, instead of keeping its original bytecode",
    )
    report = commands.add_parser(
        "report", help="write an HTML report of a prepare_debug dump directory (DUMP_DIR/index.html)"
    )
    report.add_argument("dump_dir", help="the directory given to depyf.prepare_debug")
    return parser


def write_report(dump_dir: str) -> int:
    """`depyf report`: writes the report, prints where to open it."""
    import os
    import time

    if not os.path.isdir(dump_dir):
        print(
            "depyf: error: %s: not a directory (give the directory prepare_debug dumped into)" % dump_dir,
            file=sys.stderr,
        )
        return 1
    from depyf.report import write_report as write

    started = time.perf_counter()
    try:
        index = write(dump_dir)
    except (RuntimeError, OSError) as error:
        print("depyf: error: %s: %s" % (dump_dir, error), file=sys.stderr)
        return 1
    print("depyf: report written in %.1f s; open %s" % (time.perf_counter() - started, index))
    return 0


def read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as handle:
        return handle.read()


def run_command(args: argparse.Namespace) -> str:
    data = read_input(args.file)
    if args.marshal and args.python is None:
        raise DecompilationError("--marshal needs --python X.Y: marshal data does not record its version")
    if args.command == "decompile":
        keep = not args.strict
        source = decompile_marshal_bytes(data, args.python, keep) if args.marshal else decompile_pyc_bytes(data, keep)
        kept = functions_kept_as_bytecode(source)
        if kept:
            # The output runs the same, but these bodies are not source.
            print("depyf: note: %d function(s) kept as original bytecode:" % len(kept), file=sys.stderr)
            for comment in kept:
                print("  " + comment, file=sys.stderr)
        return source
    if args.marshal:
        return disassemble_marshal_bytes(data, args.python, args.json)
    return disassemble_pyc_bytes(data, args.json)


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    if args.command == "report":
        return write_report(args.dump_dir)
    try:
        output = run_command(args)
    except (DecompilationError, OSError) as error:
        print("depyf: error: %s: %s" % (args.file, error), file=sys.stderr)
        return 1
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:
        # `depyf dis x.pyc | head` is normal use, not an error.
        sys.stderr.close()
    return 0
