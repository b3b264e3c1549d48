"""Decompile -> recompile -> compare, inside one reference interpreter.

Started by tools/roundtrip.py under CPython 3.X with depyf importable (the
abi3 extension loads on every version). Reads source paths from stdin, one
per line, and writes one JSON line per unit to stdout:
  {"file", "unit", "kind", "status", "detail", "seconds"}
with kind "function" (top-level functions and methods) or "module", status
one of equal / differ / syntax_error / error. Before each file it writes
{"start": path} so the driver can tell which file hung or crashed.

Python 3.8 compatible.
"""

import ast
import json
import os
import sys
import time
import types
import __future__

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bytecode_compare import first_difference, normalise  # noqa: E402

import depyf  # noqa: E402
from depyf.decompiler import functions_kept_as_bytecode  # noqa: E402

FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def def_line(node):
    """co_firstlineno of a function: its first decorator's line (3.8+)."""
    return min([node.lineno] + [d.lineno for d in node.decorator_list])


def find_code(parent, name, firstlineno):
    for const in parent.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == name and const.co_firstlineno == firstlineno:
            return const
    return None


def units_of(tree, module_code):
    """(label, kind, code, class_name) for each top-level function and method."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in tree.body:
        if isinstance(node, functions):
            code = find_code(module_code, node.name, def_line(node))
            if code is not None:
                yield node.name, code, None
        elif isinstance(node, ast.ClassDef):
            body = find_code(module_code, node.name, def_line(node))
            if body is None:
                continue
            for item in node.body:
                if isinstance(item, functions):
                    code = find_code(body, item.name, def_line(item))
                    if code is not None:
                        yield node.name + "." + item.name, code, node.name


def module_imports(tree):
    """Import statements that bind names at module scope (nested in if/try too).

    From 3.11 the compiler reads attributes of imported modules with a plain
    LOAD_ATTR instead of the method-call form, so a function only compiles
    the same next to the imports of its module.
    """
    found = []
    work = list(tree.body)
    while work:
        node = work.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)) or type(node).__name__ == "TryStar":
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, []):
                    work.extend(child.body if isinstance(child, ast.ExceptHandler) else [child])
    # A star import would make the context differ from the original; only
    # the bound names matter, and `from m import *` binds none at compile time.
    return [node for node in found if not any(alias.name == "*" for alias in node.names)]


def module_super_use(module_code):
    """A read of `super` at module level, where the module has one.

    From 3.12 `super().f()` compiles to LOAD_SUPER_ATTR only while the module
    scope does not use the name `super` itself (unittest.mock's
    `_safe_super = super`): the function's context needs that use too.
    """
    if "super" not in module_code.co_names:
        return []
    place = {"lineno": 1, "col_offset": 0, "end_lineno": 1, "end_col_offset": 5}
    return [ast.Expr(ast.Name("super", ast.Load(), **place), **place)]


def recompile_function(source, code, class_name, flags, filename, imports=()):
    """Compile decompiled `def` source the way the original was compiled and find its code.

    A method is compiled inside a class of the same name (name mangling and
    the __class__ cell depend on it). The class is added to the parsed tree,
    not to the text, so that re-indenting never touches string literals.
    """
    tree = ast.parse(source, filename)
    if class_name is not None:
        tree = _in_class(tree, class_name)
    tree.body[:0] = list(imports)
    module = compile(tree, filename, "exec", flags=flags, dont_inherit=True)
    holder = module
    if class_name is not None:
        holder = next(c for c in module.co_consts if isinstance(c, types.CodeType) and c.co_name == class_name)
    for const in holder.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == code.co_name:
            return const
    raise LookupError("the decompiled source defines no %s" % code.co_name)


def _in_class(tree, class_name):
    cls = ast.ClassDef(name=class_name, bases=[], keywords=[], body=tree.body or [ast.Pass()], decorator_list=[])
    if sys.version_info >= (3, 12):
        cls.type_params = []
    wrapped = ast.Module(body=[cls], type_ignores=[])
    return ast.fix_missing_locations(wrapped)




def check(label, kind, filename, decompile, recompile, original):
    started = time.perf_counter()
    try:
        source = decompile()
    except Exception as error:  # noqa: BLE001 - every failure is data here
        emit({"file": filename, "unit": label, "kind": kind, "status": "error",
              "detail": "%s: %s" % (type(error).__name__, error), "seconds": time.perf_counter() - started})
        return
    seconds = time.perf_counter() - started
    kept = functions_kept_as_bytecode(source)
    try:
        recompiled = recompile(source)
    except SyntaxError as error:
        emit({"file": filename, "unit": label, "kind": kind, "status": "syntax_error",
              "detail": "%s (line %s)" % (error.msg, error.lineno), "seconds": seconds})
        return
    except Exception as error:  # noqa: BLE001
        emit({"file": filename, "unit": label, "kind": kind, "status": "error",
              "detail": "recompile: %s: %s" % (type(error).__name__, error), "seconds": seconds})
        return
    if kept:
        # It compiles and runs, but a function's body was kept as bytecode:
        # that function was not decompiled, so this counts as an error.
        emit({"file": filename, "unit": label, "kind": kind, "status": "error",
              "detail": "original bytecode kept: " + kept[0], "seconds": seconds})
        return
    difference = first_difference(normalise(original), normalise(recompiled))
    emit({"file": filename, "unit": label, "kind": kind, "status": "differ" if difference else "equal",
          "detail": difference or "", "seconds": seconds})


def process(path, kinds):
    with open(path, "rb") as handle:
        source = handle.read()
    try:
        module_code = compile(source, path, "exec", dont_inherit=True)
        tree = ast.parse(source)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        emit({"file": path, "unit": "", "kind": "skip", "status": "skip", "detail": "does not compile", "seconds": 0})
        return
    # `from __future__ import annotations` and friends change the bytecode:
    # recompile with the flags the original was compiled with.
    flags = module_code.co_flags & FUTURE_FLAGS
    if "function" in kinds:
        imports = module_imports(tree) + module_super_use(module_code)
        for label, code, class_name in units_of(tree, module_code):
            check(label, "function", path, lambda code=code: depyf.decompile(code),
                  lambda src, code=code, cls=class_name, f=flags: recompile_function(src, code, cls, f, path, imports),
                  code)
    if "module" in kinds:
        check("<module>", "module", path, lambda: depyf.decompile(module_code),
              lambda src: compile(src, path, "exec", flags=flags, dont_inherit=True), module_code)


def main():
    kinds = set(sys.argv[1].split(",")) if len(sys.argv) > 1 else {"function", "module"}
    for line in sys.stdin:
        path = line.rstrip("\n")
        if not path:
            continue
        emit({"start": path})
        process(path, kinds)
    emit({"done": True})


if __name__ == "__main__":
    main()
