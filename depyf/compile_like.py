"""``Decompiler.decompile_and_compile_like``: decompile code, compile it back shaped like another.

The original depyf's bytecode hook handed Dynamo a code object compiled from
the decompiled source of the transformed code, with the original function's
name, free and cell variables (Dynamo requires them). This does the same for
callers of that API: the source is shaped as the explainer shapes its
transformed-code files (depyf.explain.transformed_code.shaped_source), written
to a file when a template is given (so debuggers step through it), compiled,
and constants with no literal form are put back into the compiled code.
"""

from __future__ import annotations

import re
import types
import warnings
from typing import Optional

_OPAQUE_MARK = "__depyf_opaque_constant_%d__"
_OPAQUE_MARKED = re.compile(re.escape(_OPAQUE_MARK).replace("%d", r"(\d+)"))
_PLACEHOLDER = "__place_holder__"


def _with_constants_put_back(code: types.CodeType, original: types.CodeType) -> types.CodeType:
    """`code` with each marker string constant replaced by the original's constant it stands for."""
    consts = []
    for value in code.co_consts:
        if isinstance(value, str):
            match = _OPAQUE_MARKED.fullmatch(value)
            if match:
                value = original.co_consts[int(match.group(1))]
        elif isinstance(value, types.CodeType):
            value = _with_constants_put_back(value, original)
        consts.append(value)
    return code.replace(co_consts=tuple(consts))


def decompile_and_compile_like(
    code_to_decompile: types.CodeType,
    reference_code: types.CodeType,
    indentation: int = 4,
    temp_prefix: str = "__temp_",
    filepath_template: Optional[str] = None,
) -> types.CodeType:
    from depyf.decompiler import Decompiler
    from depyf.explain.dump_files import stem, write_unique
    from depyf.explain.transformed_code import OPAQUE_NAME, shaped_source
    from depyf.utils import find_code_named

    source = Decompiler(code_to_decompile).decompile(
        indentation=indentation, temp_prefix=temp_prefix, overwite_fn_name=_PLACEHOLDER
    )
    # A constant with no literal form becomes a marker string, swapped back after compiling.
    source = OPAQUE_NAME.sub(lambda match: repr(_OPAQUE_MARK % int(match.group(1))), source)
    wanted = reference_code.co_name
    if filepath_template is None:
        name = wanted if wanted.isidentifier() else "__depyf_compiled_like__"
        text = shaped_source(source.replace(_PLACEHOLDER, name, 1), name, reference_code)
        filename = "noname"
    else:

        def content_for(path: str) -> str:
            return shaped_source(source.replace(_PLACEHOLDER, stem(path), 1), stem(path), reference_code)

        filename = write_unique(filepath_template, content_for)
        name = stem(filename)
        with open(filename, encoding="utf-8") as handle:
            text = handle.read()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # e.g. a marker string that is called
        module_code = compile(text, filename, "exec", dont_inherit=True)
    made = find_code_named(module_code, name)
    if made is None:  # pragma: no cover - shaped_source always defines it
        raise RuntimeError("decompile_and_compile_like: no function %s in the compiled source" % name)
    made = _with_constants_put_back(made, code_to_decompile)
    if filepath_template is None and name != wanted:
        made = made.replace(co_name=wanted)
    return made
