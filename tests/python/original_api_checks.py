"""Checks of the original depyf's (0.20) decompiler-side public names, run under one interpreter.

Run as a script by test_original_api.py under every reference interpreter
(3.8-3.15), with depyf importable; prints one JSON line: the checks run and
the failures. No torch needed.
"""

import dataclasses
import enum
import functools
import json
import sys
import traceback
import types

import depyf

failures = []
checked = []


def check(label, function):
    checked.append(label)
    try:
        function()
    except Exception:  # noqa: BLE001 - every failure is reported, not raised
        failures.append("%s: %s" % (label, traceback.format_exc(limit=3)[-1500:]))


def function_of(source, name, namespace=None):
    scope = dict(namespace or {})
    exec(compile(source, "<check>", "exec"), scope)
    return scope[name]


def call_with_code(fn, code, *args):
    """fn(*args) run with `code` as its __code__ (put back afterwards)."""
    old = fn.__code__
    fn.__code__ = code
    try:
        return fn(*args)
    finally:
        fn.__code__ = old


def recompiled(fn):
    """fn's code rebuilt from its decompiled source through fix_irregular_code, as the original's tests do."""
    from depyf.code_transform import fix_irregular_code
    from depyf.utils import collect_all_code_objects

    source = fix_irregular_code(fn.__code__, depyf.decompile(fn.__code__))
    module = compile(source, "<recompiled>", "exec")
    return [c for c in collect_all_code_objects(module) if c.co_name == fn.__code__.co_name][0]


def utils_names():
    from depyf.utils import collect_all_code_objects, get_code_owner, get_function_signature, safe_create_directory

    module = compile(
        "def f():\n    def g():\n        return lambda: 1\n    return g\nclass C:\n    def m(self): pass\n",
        "<m>",
        "exec",
    )
    names = [c.co_name for c in collect_all_code_objects(module)]
    assert names == ["<module>", "f", "g", "<lambda>", "C", "m"], names
    code = function_of("def h(a, b, *rest, c, **kw):\n    return a\n", "h").__code__
    assert get_function_signature(code) == "def h(a, b, c, *rest, **kw):\n", get_function_signature(code)
    assert get_function_signature(code, "z").startswith("def z(")

    def plain(a):
        return a

    class Holder:
        def method(self):
            return 1

        def __call__(self, x):
            return x

    assert get_code_owner(functools.partial(plain, 1)) is plain
    assert get_code_owner(Holder().method) is Holder.method
    assert get_code_owner(functools.lru_cache(None)(plain)) is plain
    assert get_code_owner(Holder()) is Holder.__call__
    import os
    import tempfile

    target = os.path.join(tempfile.mkdtemp(), "a", "b")
    safe_create_directory(target)
    safe_create_directory(target)
    assert os.path.isdir(target)


def decompile_ensure_gives_signature_on_failure():
    from depyf.utils import decompile_ensure

    good = function_of("def good(a, b=1):\n    return a + b\n", "good")
    assert "return a + b" in decompile_ensure(good.__code__)
    # A code object with no instruction left (a zeroed co_code): the decompiler gives up.
    bad_code = good.__code__.replace(co_code=bytes(len(good.__code__.co_code)))
    text = decompile_ensure(bad_code)
    assert text.startswith("def good(a, b):") and "Failed to decompile." in text, text


def fix_irregular_code_shapes_closures():
    def outer():
        captured = 10
        other = 5

        def inner(x):
            return x + captured + other

        return inner

    inner = outer()
    new_code = recompiled(inner)
    assert new_code.co_freevars == inner.__code__.co_freevars, new_code.co_freevars
    assert call_with_code(inner, new_code, 1) == 16

    # Cell variables the original has survive too.
    def makes_cells(a):
        def use():
            return a

        return use() + 1

    assert set(makes_cells.__code__.co_cellvars) <= set(recompiled(makes_cells).co_cellvars)


def indentation_helpers():
    from depyf.code_transform import add_indentation, remove_indentation

    source = "def f():\n    return 1\n\nx = 1\n"
    indented = add_indentation(source)
    assert indented == "    def f():\n        return 1\n\n    x = 1\n", repr(indented)
    assert remove_indentation(indented) == source


def fix_irregular_code_adds_missing_locals():
    from depyf.code_transform import fix_irregular_code

    original = function_of("def f(a):\n    unused = 1\n    other = 2\n    return a\n", "f").__code__
    shorter = "def f(a):\n    return a\n"
    fixed = fix_irregular_code(original, shorter)
    code = [c for c in compile(fixed, "<f>", "exec").co_consts if isinstance(c, types.CodeType)][0]
    assert set(original.co_varnames) <= set(code.co_varnames), (fixed, code.co_varnames)


def full_def_keeps_defaults_and_annotations():
    fn = function_of("def g(x: int, y=2, *args: str, z=3, w: 'Later' = None, **kw) -> int:\n    return x\n", "g")
    text = depyf.decompile(fn)
    header = text.splitlines()[0]
    assert header == "def g(x: int, y=2, *args: str, z=3, w: 'Later' = None, **kw) -> int:", header
    rebuilt = function_of(text, "g")
    assert rebuilt.__defaults__ == (2,) and rebuilt.__kwdefaults__ == {"z": 3, "w": None}
    if sys.version_info >= (3, 8):
        positional_only = function_of("def p(a, b=1, /, c=2):\n    return a\n", "p")
        assert depyf.decompile(positional_only).splitlines()[0] == "def p(a, b=1, /, c=2):"


def non_literal_defaults_are_named_honestly():
    class Color(enum.Enum):
        RED = 1

    marker = object()
    fn = function_of(
        "def k(a=marker, b=Color.RED, c=len, d=(1, 'x')):\n    return a\n", "k", {"marker": marker, "Color": Color}
    )
    text = depyf.decompile(fn)
    assert "a=__defaults__[0]" in text and "# default of a: __defaults__[0] = <object object" in text, text
    assert "Color.RED" in text and "c=len" in text and "d=(1, 'x')" in text, text


def callables_of_every_kind():
    def add(a, b):
        return a + b

    class Box:
        def __init__(self, value):
            self.value = value

        def get(self):
            return self.value

        def __call__(self, x):
            return x * 2

    assert "return a + b" in depyf.decompile(functools.partial(add, 1))
    assert "return self.value" in depyf.decompile(Box(1).get)
    assert "return x * 2" in depyf.decompile(Box(1))
    cached = depyf.decompile(functools.lru_cache(maxsize=8)(add))
    assert "@functools.lru_cache(maxsize=8" in cached and "return a + b" in cached, cached
    assert "return a + b" in depyf.decompile(code=add.__code__)
    assert "return a + b" in depyf.Decompiler(functools.partial(add, 2)).decompile()


def classes_come_back_as_class_statements():
    @dataclasses.dataclass
    class Point:
        x: int
        y: int = 0

        def norm(self):
            return self.x * self.x + self.y * self.y

        @staticmethod
        def origin():
            return Point(0, 0)

        @property
        def first(self):
            return self.x

    text = depyf.decompile(Point)
    assert "@dataclasses.dataclass" in text and "class Point:" in text, text
    for expected in ("x: int", "y: int = 0", "def norm(self):", "@staticmethod", "@property", "def __init__(self"):
        assert expected in text, (expected, text)
    compile(text, "<class>", "exec")


def decompiler_class_interface():
    from depyf.decompiler import DecompilationError, Decompiler

    assert DecompilationError is depyf.DecompilationError
    names = Decompiler.supported_opnames()
    assert "LOAD_FAST" in names and "RETURN_VALUE" in names
    fn = function_of("def f(a):\n    return a + 1\n", "f")
    assert Decompiler(fn) == Decompiler(fn.__code__) and hash(Decompiler(fn)) == hash(Decompiler(fn.__code__))

    def outer():
        k = 3

        def reference(a):
            return a + k

        return reference

    reference = outer()
    made = Decompiler.decompile_and_compile_like(reference.__code__, reference.__code__)
    assert made.co_name == "reference" and made.co_freevars == ("k",)
    assert call_with_code(reference, made, 1) == 4


def compile_like_writes_file_and_keeps_opaque_constants():
    import os
    import tempfile

    from depyf.decompiler import Decompiler

    fn = function_of("def f(a):\n    return (a, 'tag')\n", "f")
    marker = object()
    consts = tuple(marker if c == "tag" else c for c in fn.__code__.co_consts)
    odd = fn.__code__.replace(co_consts=consts)  # a constant no literal spells, as Dynamo makes
    template = os.path.join(tempfile.mkdtemp(), "__transformed_code_%s_for_f.py")
    made = Decompiler.decompile_and_compile_like(odd, fn.__code__, filepath_template=template)
    assert made.co_filename == template % 0 and os.path.exists(template % 0)
    assert marker in made.co_consts, made.co_consts
    again = Decompiler.decompile_and_compile_like(odd, fn.__code__, filepath_template=template)
    assert again.co_filename == template % 0, "the same code reuses its file"


for label, function in list(globals().items()):
    if (
        isinstance(function, types.FunctionType)
        and function.__module__ == "__main__"
        and label not in ("check", "function_of", "recompiled", "call_with_code")
    ):
        check(label, function)

print(json.dumps({"version": sys.version.split()[0], "checked": checked, "failures": failures}))
