"""Show one unit's round trip: the decompiled source and the first bytecode difference.

    python3 tools/roundtrip_one.py 3.11 /path/to/module.py Class.method
    python3 tools/roundtrip_one.py 3.12 /path/to/module.py '<module>'

Runs the same worker as tools/roundtrip.py under the chosen interpreter, so
what it shows is exactly what the sweep measured; add --dis to print both
instruction streams.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

TOOLS = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
from pythons import depyf_import_dir, find_python  # noqa: E402

SCRIPT = r"""
import ast, dis, sys, types
sys.path.insert(0, TOOLS)
import roundtrip_worker as w
from bytecode_compare import first_difference, normalise
import depyf
path, label, show_dis = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
source = open(path, "rb").read()
module_code = compile(source, path, "exec", dont_inherit=True)
flags = module_code.co_flags & w.FUTURE_FLAGS
if label == "<module>":
    code, class_name = module_code, None
else:
    units = {l: (c, k) for l, c, k in w.units_of(ast.parse(source), module_code)}
    if label not in units:
        sys.exit("no unit %s; units: %s" % (label, ", ".join(sorted(units))))
    code, class_name = units[label]
text = depyf.decompile(code)
print(text)
if label == "<module>":
    recompiled = compile(text, path, "exec", flags=flags, dont_inherit=True)
else:
    context = w.module_imports(ast.parse(source)) + w.module_super_use(module_code)
    recompiled = w.recompile_function(text, code, class_name, flags, path, context)
print("-" * 60)
print(first_difference(normalise(code), normalise(recompiled)) or "EQUAL")
if show_dis:
    import difflib
    a = [i.opname + " " + i.argrepr for i in dis.get_instructions(code)]
    b = [i.opname + " " + i.argrepr for i in dis.get_instructions(recompiled)]
    print("\n".join(difflib.unified_diff(a, b, "original", "recompiled", lineterm="")))
""".replace("TOOLS", repr(str(TOOLS)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("version", help="3.X")
    parser.add_argument("file", type=lambda p: os.path.abspath(p))
    parser.add_argument("unit", help="function, Class.method or <module>")
    parser.add_argument("--dis", action="store_true", help="also print a diff of the instruction streams")
    args = parser.parse_args()
    python = find_python(int(args.version.split(".")[1]))
    if python is None:
        raise SystemExit("no interpreter for %s" % args.version)
    env = dict(os.environ, PYTHONPATH=depyf_import_dir())
    # Run outside the checkout: its depyf/ folder has no compiled extension.
    return subprocess.call(
        [python, "-c", SCRIPT, args.file, args.unit, "1" if args.dis else "0"], env=env, cwd=tempfile.gettempdir()
    )


if __name__ == "__main__":
    raise SystemExit(main())
