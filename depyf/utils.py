"""Helpers the original depyf (0.20) exposed as ``depyf.utils``; its users and tests import them.

Each keeps the original's meaning:

- ``collect_all_code_objects(code)``: the code object and every code object nested in its
  constants, depth first (the order ``compile`` makes them in).
- ``get_function_signature(code, overwite_fn_name=None)``: a ``def name(args):`` line built from
  the code object alone (argument names, ``*args``/``**kwargs``; no defaults, which live on the
  function object). The misspelt keyword is the original's.
- ``get_code_owner(fn)``: the object whose ``__code__`` can be replaced: the function under bound
  methods, ``functools.wraps`` wrappers (``__wrapped__``), partials and callable instances.
- ``decompile_ensure(code, overwite_fn_name=None)``: the decompiled function, or its signature with
  a ``'Failed to decompile.'`` body when the decompiler gives up.
- ``safe_create_directory(path)``: ``os.makedirs`` that tolerates other processes creating it.
"""

from __future__ import annotations

import functools
import inspect
import os
import types
from typing import Any, List, Optional

__all__ = [
    "collect_all_code_objects",
    "decompile_ensure",
    "find_code_named",
    "get_code_owner",
    "get_function_signature",
    "safe_create_directory",
]


def collect_all_code_objects(code: types.CodeType) -> List[types.CodeType]:
    """`code` and every code object nested in its constants, depth first."""
    found: List[types.CodeType] = []
    pending = [code]
    while pending:
        current = pending.pop()
        found.append(current)
        nested = [constant for constant in current.co_consts if isinstance(constant, types.CodeType)]
        pending.extend(reversed(nested))
    return found


def find_code_named(code: types.CodeType, name: str) -> Optional[types.CodeType]:
    """The first code object named `name` in `code` or nested in it (compile order), or None."""
    return next((found for found in collect_all_code_objects(code) if found.co_name == name), None)


def get_function_signature(code_obj: types.CodeType, overwite_fn_name: Optional[str] = None) -> str:
    """``def name(a, b, *args, c, **kwargs):`` and a newline, from the code object alone."""
    positional = code_obj.co_argcount + code_obj.co_kwonlyargcount
    # Comprehensions name their iterator argument ".0", which is no identifier.
    names = [name.replace(".", "comp_arg_") for name in code_obj.co_varnames[:positional]]
    next_slot = positional
    if code_obj.co_flags & inspect.CO_VARARGS:
        names.append("*" + code_obj.co_varnames[next_slot])
        next_slot += 1
    if code_obj.co_flags & inspect.CO_VARKEYWORDS:
        names.append("**" + code_obj.co_varnames[next_slot])
    name = overwite_fn_name if overwite_fn_name is not None else code_obj.co_name
    return "def %s(%s):\n" % (name, ", ".join(names))


def get_code_owner(fn: Any) -> Any:
    """The function whose ``__code__`` is the one `fn` runs and may be replaced.

    ``a.method.__code__`` cannot be assigned, ``A.method.__code__`` can: bound
    methods, ``__wrapped__`` chains (``functools.wraps``, ``lru_cache``),
    ``functools.partial`` and callable instances are unwrapped to that function.
    """
    seen = set()
    while id(fn) not in seen:
        seen.add(id(fn))
        if hasattr(fn, "__func__"):
            fn = fn.__func__
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        elif isinstance(fn, functools.partial):
            fn = fn.func
        elif hasattr(fn, "__call__") and hasattr(fn.__call__, "__func__"):
            fn = fn.__call__.__func__
        else:
            break
    return fn


def decompile_ensure(fn: Any, overwite_fn_name: Optional[str] = None) -> str:
    """The decompiled function, or its bare signature when it cannot be decompiled."""
    from depyf.decompiler import DecompilationError, Decompiler

    try:
        return Decompiler(fn).decompile(overwite_fn_name=overwite_fn_name)
    except DecompilationError:
        code = Decompiler(fn).code
        return get_function_signature(code, overwite_fn_name=overwite_fn_name) + "    'Failed to decompile.'\n"


def safe_create_directory(path: str) -> None:
    """Creates `path` (and parents); another process creating it at the same time is fine."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        if not os.path.isdir(path):
            raise
