"""Decompile the Dynamo code objects of a marshal fixture and check the output behaves like them.

    python3.12 check_dynamo_code.py FIXTURE.marshal

The fixture is a list of (code, note) pairs, marshalled by the Python that
runs this script. Each code object is decompiled; the source must compile,
define a function of the same signature and free variables, and, called with
stand-ins for Dynamo's globals (the compiled graph, its utils module, the
builtins dict), give the same result and the same calls as the original.
Exact bytecode equality is out of reach for this code: it keeps values on the
stack across statements, which source can only do through temporaries.
Prints one line per code object; exits 1 on any failure.
"""

import marshal
import sys
import textwrap
import types

import depyf


def nested_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= nested_names(const)
    return names


def stand_in_globals(code, log):
    def recorder(label, result=None):
        def record(*args, **kwargs):
            log.append((label, args, kwargs))
            return result(*args) if result else None
        return record

    found = {}
    for name in nested_names(code):
        if name.startswith("__compiled_fn"):
            found[name] = recorder(name, lambda *args: tuple(("graph", a) for a in args) or (("graph",),))
        elif name.startswith("__builtins_dict__"):
            found[name] = {"print": recorder("print")}
        elif name.startswith("__import_torch_dot__dynamo_dot_utils"):
            found[name] = types.SimpleNamespace(record_pregraph_bytecode_enter=recorder("enter", lambda: "token"),
                                                record_pregraph_bytecode_exit=recorder("exit"))
    return found


def with_cells(function, values):
    for name, cell in zip(function.__code__.co_freevars, function.__closure__ or ()):
        cell.cell_contents = values[name]
    return function


def decompiled_function(code, source):
    # Free variables need an enclosing function that binds them.
    outer = "def __outer():\n"
    outer += "".join("    %s = None\n" % name for name in code.co_freevars)
    outer += textwrap.indent(source, "    ") + "\n    return %s\n" % code.co_name
    namespace = {}
    exec(compile(outer, "<decompiled %s>" % code.co_name, "exec"), namespace)
    return namespace["__outer"]()


def run(function, code, log):
    """What a call returns or raises, the calls it made, and what its cells hold after it."""
    arguments = [[] if name.startswith("__nested") else ("arg", name) for name in
                 code.co_varnames[:code.co_argcount]]
    try:
        outcome = ("returned", function(*arguments))
    except Exception as error:  # noqa: BLE001 - compared, not handled
        outcome = ("raised", type(error).__name__, str(error))
    cells = dict(zip(function.__code__.co_freevars, [c.cell_contents for c in function.__closure__ or ()]))
    return outcome, list(log), cells


def check(code):
    source = depyf.decompile(code)
    if "could not be decompiled" in source:
        return "kept its original bytecode"
    cells = {name: ("cell", name) for name in code.co_freevars}
    cells["count"] = 0  # make_counter's counter: incremented by the code
    log_a, log_b = [], []
    original = with_cells(types.FunctionType(code, stand_in_globals(code, log_a), code.co_name,
                                             None, tuple(types.CellType() for _ in code.co_freevars)), cells)
    recompiled = decompiled_function(code, source)
    if recompiled.__code__.co_varnames[:code.co_argcount] != code.co_varnames[:code.co_argcount]:
        return "signature differs: %s" % (recompiled.__code__.co_varnames[:code.co_argcount],)
    if set(recompiled.__code__.co_freevars) != set(code.co_freevars):
        return "free variables differ: %s" % (recompiled.__code__.co_freevars,)
    recompiled = types.FunctionType(recompiled.__code__, stand_in_globals(code, log_b), code.co_name, None,
                                    recompiled.__closure__)
    with_cells(recompiled, cells)
    a = run(original, code, log_a)
    with_cells(recompiled, cells)
    b = run(recompiled, code, log_b)
    if a != b:
        return "behaves differently:\n  original   %r\n  decompiled %r\n%s" % (a, b, source)
    if a[0][0] != "returned":
        return "the original raised (the stand-ins do not fit): %r" % (a[0],)
    return None


def main():
    failures = 0
    for code, note in marshal.loads(open(sys.argv[1], "rb").read()):
        try:
            problem = check(code)
        except Exception as error:  # noqa: BLE001 - reported
            problem = "%s: %s" % (type(error).__name__, error)
        print("%s: %s" % (code.co_name, problem or "ok"))
        failures += problem is not None
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
