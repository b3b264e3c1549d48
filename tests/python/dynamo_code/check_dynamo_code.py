"""Decompile the Dynamo code objects of a marshal fixture and check the output behaves like them.

    python3.12 check_dynamo_code.py FIXTURE.marshal

The fixture is a list of (code, note) pairs, marshalled by the Python that
runs this script. Each code object is decompiled; the source must compile,
define a function of the same signature and free variables, and, called with
stand-ins for its arguments and globals, give the same result and make the
same calls as the original.

The stand-ins are probes: each records what the code does to it (calls,
operators, attribute and item reads, iteration, entering and leaving it as a
context manager) and answers with another probe. Besides the plain run, each
code object runs again with the k-th recorded operation raising, once with
context managers that let exceptions through and once with ones that
suppress them, so exception paths (a with's exit handler, Dynamo's cleanup
after a resume prologue) are compared too. Dynamo's own globals keep the
stand-ins they had: the compiled graph returns its arguments tagged, its
utils module records the pre-graph bracketing, the builtins dict maps names
to probes.

Exact bytecode equality is out of reach for this code: it keeps values on the
stack across statements, which source can only do through temporaries.
Prints one line per code object; exits 1 on any failure.
"""

import builtins
import marshal
import os
import re
import sys
import textwrap
import types

import depyf

MAX_FAULTS = 80  # faults injected per code object and per kind of context manager


def without_addresses(text):
    """A repr without memory addresses: the original and the decompiled code pass different cells of one value."""
    return re.sub(r" at 0x[0-9a-f]+", "", text)


class World:
    """What the probes of one run recorded, and the fault to inject."""

    def __init__(self, fault_at=None, suppress=False, profiling=True):
        self.log = []
        self.fault_at = fault_at
        self.suppress = suppress
        self.profiling = profiling

    def record(self, *entry):
        self.log.append(without_addresses(" ".join(str(part) for part in entry)))
        if len(self.log) == self.fault_at:
            raise ValueError("fault at operation %d" % self.fault_at)


def _binary(symbol):
    def operate(self, other):
        return self._derive("(%s %s %r)" % (self._text, symbol, other))

    def reflected(self, other):
        return self._derive("(%r %s %s)" % (other, symbol, self._text))

    return operate, reflected


class Probe:
    """A stand-in value: records every use, answers with a new probe."""

    __slots__ = ("_world", "_text")

    def __init__(self, world, text):
        object.__setattr__(self, "_world", world)
        object.__setattr__(self, "_text", text)

    def _derive(self, text):
        self._world.record(text)
        return Probe(self._world, text)

    def __repr__(self):
        return "<%s>" % self._text

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, Probe) and other._text == self._text

    def __hash__(self):
        return hash(self._text)

    def __call__(self, *args, **kwargs):
        arguments = [repr(a) for a in args] + ["%s=%r" % item for item in sorted(kwargs.items())]
        return self._derive("%s(%s)" % (self._text, ", ".join(arguments)))

    def __getattr__(self, name):
        return self._derive("%s.%s" % (self._text, name))

    def __setattr__(self, name, value):
        self._world.record("%s.%s = %r" % (self._text, name, value))

    def __getitem__(self, key):
        return self._derive("%s[%r]" % (self._text, key))

    def __setitem__(self, key, value):
        self._world.record("%s[%r] = %r" % (self._text, key, value))

    def __delitem__(self, key):
        self._world.record("del %s[%r]" % (self._text, key))

    def __bool__(self):
        self._world.record("bool(%s)" % self._text)
        return True

    def __iter__(self):
        self._world.record("iter(%s)" % self._text)
        return iter([Probe(self._world, "%s[%d]" % (self._text, k)) for k in range(2)])

    def __len__(self):
        self._world.record("len(%s)" % self._text)
        return 2

    def __enter__(self):
        return self._derive("enter %s" % self._text)

    def __exit__(self, kind, value, traceback):
        self._world.record("exit %s %s %s" % (self._text, kind.__name__ if kind else None, value))
        return self._world.suppress

    __add__, __radd__ = _binary("+")
    __sub__, __rsub__ = _binary("-")
    __mul__, __rmul__ = _binary("*")
    __truediv__, __rtruediv__ = _binary("/")
    __matmul__, __rmatmul__ = _binary("@")
    __lt__, _ = _binary("<")
    __le__, _ = _binary("<=")
    __gt__, _ = _binary(">")
    __ge__, _ = _binary(">=")


class BuiltinsDict(dict):
    """Dynamo's `__builtins_dict___N`: any builtin read from it is a probe (the read is recorded)."""

    def __init__(self, world):
        super().__init__()
        self.world = world

    def __missing__(self, key):
        self.world.record("builtins[%r]" % key)
        return Probe(self.world, "builtins." + key)


def nested_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= nested_names(const)
    return names


def stand_in_globals(code, world):
    def recorder(label, result=None):
        def record(*args, **kwargs):
            world.record("%s%r%r" % (label, args, kwargs))
            return result(*args) if result else None

        return record

    found = {}
    for name in nested_names(code):
        builtin = getattr(builtins, name, None)
        if isinstance(builtin, type) and issubclass(builtin, BaseException):
            continue  # (matched by except clauses: the real class)
        if name.startswith("__compiled_fn"):
            found[name] = recorder(name, lambda *args: tuple(("graph", a) for a in args) or (("graph",),))
        elif name.startswith("__import_torch_dot_autograd_dot_profiler") and not world.profiling:
            # (torch 2.15 guards the pre-graph bracketing with _is_profiler_enabled: a probe is true.)
            found[name] = types.SimpleNamespace(_is_profiler_enabled=False)
        elif name.startswith("__builtins_dict__"):
            found[name] = BuiltinsDict(world)
        elif name.startswith("__import_torch_dot__dynamo_dot_utils"):
            found[name] = types.SimpleNamespace(
                record_pregraph_bytecode_enter=recorder("enter", lambda: "token"),
                record_pregraph_bytecode_exit=recorder("exit"),
            )
        else:
            found[name] = Probe(world, name)
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


def run(code, function_code, closure, world):
    """What a call returns or raises, the operations it made, and what its cells hold after it."""
    cells = {name: Probe(world, "cell " + name) for name in code.co_freevars}
    cells["count"] = 0  # make_counter's counter: incremented by the code
    function = with_cells(
        types.FunctionType(function_code, stand_in_globals(code, world), code.co_name, None, closure), cells
    )
    arguments = [
        [] if name.startswith("__nested") else Probe(world, name) for name in code.co_varnames[: code.co_argcount]
    ]
    try:
        outcome = ("returned", without_addresses(repr(function(*arguments))))
    except Exception as error:  # noqa: BLE001 - compared, not handled
        outcome = ("raised", type(error).__name__, str(error))
    after = {
        name: repr(cell.cell_contents) for name, cell in zip(function.__code__.co_freevars, function.__closure__ or ())
    }
    return outcome, list(world.log), after


# torch 2.15 on CPython 3.14: the handler of the code that re-enters a second
# `with` in a resume function's prologue unwinds to one stack slot too many
# (its exception table says depth 3 where CPython's own `with a: with b:` says
# 2, a with holding two slots from 3.14). An exception raised by that
# `__enter__` then calls the outer context manager itself with its
# `__exit__` function as first argument, where Python (and the decompiled
# source) calls the outer `__exit__`. Such a run says nothing about the
# decompilation; only it is left uncompared.
MISUNWOUND_EXIT = re.compile(r"^___stack\d+\(.*\)\(<function Probe\.__exit__>")


def prologue_misunwound(log):
    return sys.version_info >= (3, 14) and any(MISUNWOUND_EXIT.match(entry) for entry in log)


def check_source(code, source, what):
    """None where `source` (a def of code.co_name) behaves like `code`, else why not."""
    recompiled = decompiled_function(code, source)
    if recompiled.__code__.co_varnames[: code.co_argcount] != code.co_varnames[: code.co_argcount]:
        return "%s: signature differs: %s" % (what, recompiled.__code__.co_varnames[: code.co_argcount])
    if set(recompiled.__code__.co_freevars) != set(code.co_freevars):
        return "%s: free variables differ: %s" % (what, recompiled.__code__.co_freevars)
    original_cells = tuple(types.CellType() for _ in code.co_freevars)

    def compare(fault_at=None, suppress=False, profiling=True):
        a = run(code, code, original_cells, World(fault_at, suppress, profiling))
        b = run(code, recompiled.__code__, recompiled.__closure__, World(fault_at, suppress, profiling))
        if a != b and prologue_misunwound(a[1]):
            return a  # torch's fault, not the decompiler's: see prologue_misunwound
        if a != b:
            return (
                "%s behaves differently (fault at %s, suppressing %s, profiling %s):\n  original   %r\n  %s %r\n%s"
                % (
                    what,
                    fault_at,
                    suppress,
                    profiling,
                    a,
                    what,
                    b,
                    source,
                )
            )
        return a

    plain = compare()
    if isinstance(plain, str):
        return plain
    if plain[0][0] != "returned":
        return "the original raised (the stand-ins do not fit): %r" % (plain[0],)
    for suppress in (False, True):
        for fault_at in range(1, min(len(plain[1]), MAX_FAULTS) + 1):
            result = compare(fault_at, suppress)
            if isinstance(result, str):
                return result
    # Code that reads the profiler's state (torch 2.15) runs once more with it off.
    if any(name.startswith("__import_torch_dot_autograd_dot_profiler") for name in nested_names(code)):
        result = compare(profiling=False)
        if isinstance(result, str):
            return result
    return None


def check(code):
    """The exact decompilation behaves like the code, and so does its readable rendering
    (depyf.explain.readable, what prepare_debug writes for Dynamo's code) where it applies."""
    source = depyf.decompile(code)
    if "could not be decompiled" in source:
        return "kept its original bytecode"
    problem = check_source(code, source, "decompiled")
    if problem or sys.version_info < (3, 9):
        return problem
    from depyf.explain.readable import render_generated

    rendering = render_generated(source)
    if not rendering.rewritten:
        return None
    return check_source(code, rendering.source, "readable")


# Code objects known not to pass yet, by fixture file and code name: the
# versions being completed (issue 20). A listed name must still fail (the list
# only shrinks; a fixture may hold several code objects of one name, e.g. a
# resume function and its transformed code); any other failure fails the check.
KNOWN_FAILURES: dict = {}


def main():
    failures = 0
    known = KNOWN_FAILURES.get(os.path.basename(sys.argv[1]), set())
    still_failing = set()
    for code, note in marshal.loads(open(sys.argv[1], "rb").read()):
        try:
            problem = check(code)
        except Exception as error:  # noqa: BLE001 - reported
            problem = "%s: %s" % (type(error).__name__, error)
        if code.co_name in known and problem is not None:
            print("%s: known failure: %s" % (code.co_name, problem))
            still_failing.add(code.co_name)
            continue
        print("%s: %s" % (code.co_name, problem or "ok"))
        failures += problem is not None
    for name in sorted(known - still_failing):
        print("%s: passes now: remove it from KNOWN_FAILURES" % name)
        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
