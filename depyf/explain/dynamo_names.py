"""What the names in Dynamo's code stand for, for the readable rendering.

Dynamo's transformed code calls compiled graphs (`__compiled_fn_N`) and
resume functions (`__resume_at_N_M`), which it installs as globals of the
user's module. The captured graph says what each of its outputs is (the FX
node names also seen in the graph file); a resume function's parameters are
the user's variables it continues with. Both name the temporaries that carry
these values, and a one-line note says what each call is.
"""

from __future__ import annotations

import re
import types
from typing import Any, Dict, List, Optional, Sequence

from depyf.explain.readable import Hints

_RESUME_CODE_NAME = re.compile(r"^(?:torch_dynamo_)?resume_in_(?P<function>.+)_at_(?P<line>\d+)$")


def graph_outputs(graph_module: Any) -> Optional[List[str]]:
    """The names of what a captured FX graph returns (None where it is not a plain tuple of nodes)."""
    try:
        output = [node for node in graph_module.graph.nodes if node.op == "output"][-1]
        values = output.args[0]
    except Exception:  # noqa: BLE001 - not an FX graph module as expected
        return None
    if not isinstance(values, (tuple, list)):
        return None
    return [getattr(value, "name", None) or "" for value in values]


def resume_code_of(function: Any) -> Optional[types.CodeType]:
    """The resume function's code: the function's own, or, where the resume function
    needs closure cells, the code the factory Dynamo installs instead holds
    (`__resume_at_N(cells)` makes the function from it)."""
    code = getattr(function, "__code__", None)
    if code is None or _RESUME_CODE_NAME.match(code.co_name):
        return code
    held = [constant for constant in code.co_consts]
    for cell in getattr(function, "__closure__", None) or ():
        try:
            held.append(cell.cell_contents)
        except ValueError:  # an empty cell
            continue
    for value in held:
        if isinstance(value, types.CodeType) and _RESUME_CODE_NAME.match(value.co_name):
            return value
    return code


def _resume_function(frame_globals: Optional[Dict[str, Any]], name: str) -> Optional[types.CodeType]:
    if frame_globals is None or not name.startswith("__resume_at"):
        return None
    return resume_code_of(frame_globals.get(name))


def hints_for(frame_globals: Optional[Dict[str, Any]], outputs_of_graph: Dict[str, List[str]]) -> Hints:
    """Hints for code that runs with `frame_globals`; `outputs_of_graph` maps a graph's
    short name (`__compiled_fn_1`) to its output names."""

    def parameters_of(code: Optional[types.CodeType]) -> Optional[Sequence[str]]:
        if code is None:
            return None
        return code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]

    def is_factory(name: str) -> bool:
        function = (frame_globals or {}).get(name)
        return getattr(function, "__code__", None) is not _resume_function(frame_globals, name)

    def parameters(name: str) -> Optional[Sequence[str]]:
        return None if is_factory(name) else parameters_of(_resume_function(frame_globals, name))

    def made_parameters(name: str) -> Optional[Sequence[str]]:
        return parameters_of(_resume_function(frame_globals, name)) if is_factory(name) else None

    def outputs(name: str) -> Optional[Sequence[str]]:
        return outputs_of_graph.get(name)

    def describe(name: str) -> Optional[str]:
        if name in outputs_of_graph or name.startswith("__compiled_fn"):
            return "%s: the graph Dynamo captured; its code is in %s.*.py" % (name, name)
        code = _resume_function(frame_globals, name)
        if code is not None:
            match = _RESUME_CODE_NAME.match(code.co_name)
            where = " from line %s" % match.group("line") if match else ""
            function = match.group("function") if match else "the function"
            return "graph break: the rest of %s%s runs in %s (%s)" % (function, where, name, code.co_name)
        return None

    return Hints(parameters=parameters, outputs=outputs, describe=describe, made_parameters=made_parameters)
