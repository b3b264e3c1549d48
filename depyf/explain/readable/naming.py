"""Names a person can read for the temporaries left in generated code.

A temporary (the decompiler's `__temp_N`, Dynamo's `tmp_N`) that holds one
value is renamed after what it holds, first match wins:

1. `graph_out_N[i]`: the name the compiled graph gives its i-th output (the
   FX node name in the graph file: `lt`, `x`, ...);
2. a value passed to a function whose parameter names are known (a resume
   function: the user's variable it continues with);
3. a source chain (`self._modules['qkv']._parameters['weight']`): the path it
   reads (`self_qkv_weight`), module internals left out, Dynamo's globals for
   the builtins and imported modules read back (`builtin_print`, `torch_...`);
4. a value only returned: `result`; a call's result: `f_result`.

Renaming a local changes nothing a program can observe unless it reads its
frame's variables by name (`locals()` and the like: then nothing is renamed),
and the new name is one the function uses nowhere, nested functions included.
"""

from __future__ import annotations

import ast
import keyword
import re
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Set

from depyf.explain.readable.blocks import statements_with_blocks
from depyf.explain.readable.expressions import constant_index
from depyf.explain.readable.scope import FunctionNode, FunctionScope
from depyf.explain.readable.tree import walk

if TYPE_CHECKING:
    from depyf.explain.readable import Hints

TEMPORARY = re.compile(r"^(__temp_\d+|tmp_\d+)$")
_MODULE_INTERNALS = {"_modules", "_parameters", "_buffers"}


_BUILTINS_DICT = re.compile(r"^__builtins_dict___\d+$")
_IMPORTED_MODULE = re.compile(r"^__import_(?P<module>.+)$")


_MODULE_GLOBAL = re.compile(r"^___module_(?P<module>.+?)(?:_c\d+)?$")
# Longest name made from a chain: the path's last parts are kept.
_LONGEST = 40


def _root_name(name: str) -> str:
    """Dynamo's globals for the builtins dict and imported modules, read back
    ("" for a module: the attribute path after it names the value well enough)."""
    if _BUILTINS_DICT.match(name):
        return "builtin"
    match = _IMPORTED_MODULE.match(name) or _MODULE_GLOBAL.match(name)
    if match:
        return "module:" + match.group("module").replace("_dot_", ".").rsplit(".", 1)[-1]
    return name


def result_name(node: ast.expr) -> Optional[str]:
    """`f(...)` -> `f_result` (`print_result` for the builtin print read from the builtins dict);
    `C.__new__(C)`, how Dynamo makes an object it then fills in -> `new_C`."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "__new__"
        and len(node.args) == 1
        and ast.dump(node.args[0]) == ast.dump(func.value)
    ):
        made = chain_name(func.value)
        if not made:
            return None
        classes = [part for part in made.split("_") if part[:1].isupper()]
        return "new_" + (classes[-1] if classes else made)
    callee_name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if callee_name in ("call_size", "size") and len(node.args) in (1, 2) and not node.keywords:
        # Dynamo's call_size(x, 0) is x.size(0): a size it passes to a graph with dynamic shapes.
        operands = node.args if callee_name == "call_size" else [func.value, *node.args]  # type: ignore[attr-defined]
        subject = chain_name(operands[0]) if len(operands) == 2 else None
        index = operands[1] if len(operands) == 2 else None
        if subject and isinstance(index, ast.Constant) and isinstance(index.value, int):
            return "%s_size_%d" % (subject, index.value)
    callee = node.func.id if isinstance(node.func, ast.Name) else chain_name(node.func)
    if not callee or TEMPORARY.match(callee):
        return None  # named once the callee has its name
    callee = re.sub(r"^builtin_", "", callee)
    return callee + "_result"


def _mro_name(node: ast.expr) -> Optional[str]:
    """`type(x).__mro__[2]`: a base class of x's class, read by Dynamo to call its methods."""
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "__mro__"
        and isinstance(constant_index(node), int)
    ):
        return "mro_%d" % constant_index(node)  # type: ignore[str-format]
    return None


def chain_name(node: ast.expr) -> Optional[str]:
    """`self._modules['qkv']._parameters['weight']` -> `self_qkv_weight`."""
    mro = _mro_name(node)
    if mro:
        return mro
    parts: List[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            key = constant_index(node)
            inner = node.slice
            if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                parts.append(inner.value)
            elif isinstance(key, int):
                parts.append(str(key))
            else:
                return None
            node = node.value
        elif isinstance(node, ast.Name):
            if TEMPORARY.match(node.id):
                return None  # named once that temporary has its name
            parts.append(_root_name(node.id))
            break
        else:
            return None
    parts.reverse()
    if parts[0].startswith("module:"):
        # A module Dynamo imported: its last component alone, else the path after it.
        parts[0] = parts[0][len("module:") :] if len(parts) == 1 else ""
    readable = [part for index, part in enumerate(parts) if part and not (part in _MODULE_INTERNALS and index > 0)]
    while len(readable) > 1 and (len("_".join(readable)) > _LONGEST or readable[0][:1].isdigit()):
        readable.pop(0)
    name = re.sub(r"_{2,}", "_", re.sub(r"\W+", "_", "_".join(readable))).strip("_")
    return name or None


def _usable(name: Optional[str], taken: Set[str]) -> bool:
    return name is not None and name.isidentifier() and not keyword.iskeyword(name) and name not in taken


class _Namer:
    def __init__(self, function: FunctionNode, hints: "Hints", scope: FunctionScope, taken: Set[str]) -> None:
        self.function = function
        self.scope = scope
        self.hints = hints
        self.outputs = hints.outputs
        self.taken = taken
        self.values: Dict[str, ast.expr] = {}
        self.graph_calls: Dict[str, str] = {}  # graph_out_N -> the global called to make it
        self.passed_as: Dict[str, str] = {}  # temporary -> parameter name it is passed as
        self.argument_of: Dict[str, str] = {}  # temporary -> `f_argument`, the one argument of f(...)
        self.returned: Set[str] = set()  # temporaries only returned
        self.loop_names: Dict[str, str] = {}  # loop variables: what they run over
        self._collect()

    def _collect(self) -> None:
        for _block, _index, statement in statements_with_blocks(self.function.body):
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if isinstance(target, ast.Name):
                    self.values.setdefault(target.id, statement.value)
                    value = statement.value
                    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
                        self.graph_calls[target.id] = value.func.id
            if isinstance(statement, ast.For):
                self._note_loop_targets(statement)
            if isinstance(statement, ast.Return) and isinstance(statement.value, ast.Name):
                if self.scope.uses(statement.value.id) == 1:
                    self.returned.add(statement.value.id)
            for node in walk(statement):
                if isinstance(node, ast.Call):
                    self._note_arguments(node)

    def _note_loop_targets(self, loop: ast.For) -> None:
        """`for k, v in m.items():` -> key, value."""
        target, iterated = loop.target, loop.iter
        if (
            isinstance(target, ast.Tuple)
            and len(target.elts) == 2
            and all(isinstance(e, ast.Name) and TEMPORARY.match(e.id) for e in target.elts)
            and isinstance(iterated, ast.Call)
            and isinstance(iterated.func, ast.Attribute)
            and iterated.func.attr == "items"
        ):
            for element, meaning in zip(target.elts, ("key", "value")):
                self.loop_names[element.id] = meaning  # type: ignore[attr-defined]

    def _note_arguments(self, call: ast.Call) -> None:
        if any(isinstance(arg, ast.Starred) for arg in call.args):
            return
        if len(call.args) == 1 and not call.keywords and isinstance(call.args[0], ast.Name):
            # A value built only to be passed (`kwargs_update({...})`): named after its use.
            callee = call.func.id if isinstance(call.func, ast.Name) else chain_name(call.func)
            if callee and not TEMPORARY.match(callee) and TEMPORARY.match(call.args[0].id):
                self.argument_of.setdefault(call.args[0].id, re.sub(r"^builtin_", "", callee) + "_argument")
        names: Optional[Sequence[str]]
        if isinstance(call.func, ast.Name) and self.hints.made_parameters(call.func.id) is not None:
            names = ["closure_cells"] * len(call.args)  # what a factory makes the function from
        elif isinstance(call.func, ast.Name):
            names = self.hints.parameters(call.func.id)
        elif isinstance(call.func, ast.Call) and isinstance(call.func.func, ast.Name):
            names = self.hints.made_parameters(call.func.func.id)  # `factory(cells)(arguments)`
        else:
            return
        if not names:
            return
        for arg, parameter in zip(call.args, names):
            if isinstance(arg, ast.Name) and TEMPORARY.match(arg.id) and not parameter.startswith("_"):
                self.passed_as.setdefault(arg.id, parameter)
        for keyword_arg in call.keywords:
            if isinstance(keyword_arg.value, ast.Name) and keyword_arg.arg and not keyword_arg.arg.startswith("_"):
                self.passed_as.setdefault(keyword_arg.value.id, keyword_arg.arg)

    def _graph_output_name(self, value: ast.expr) -> Optional[str]:
        if not (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name)):
            return None
        index = constant_index(value)
        called = self.graph_calls.get(value.value.id)
        if not isinstance(index, int) or called is None:
            return None
        names = self.outputs(called)
        if not names or not -len(names) <= index < len(names):
            return None
        return names[index]

    def choose(self, temporary: str) -> Optional[str]:
        value = self.values.get(temporary)
        candidates = []
        if value is not None:
            candidates.append(self._graph_output_name(value))
        candidates.append(self.passed_as.get(temporary))
        if value is not None:
            chained = chain_name(value)
            # A value read from `state` when `state` is taken: `state_`, the usual way around a clash.
            candidates += [chained, chained + "_" if chained else None]
        if temporary in self.returned:
            candidates.append("result")
        candidates.append(self.loop_names.get(temporary))
        made = result_name(value) if value is not None else None
        if made:
            # Objects Dynamo makes one after another (`new_attention`, `new_attention_2`).
            candidates += [made] + ["%s_%d" % (made, n) for n in range(2, 10)]
        if value is None or not any(isinstance(n, ast.Name) and TEMPORARY.match(n.id) for n in walk(value)):
            # Last resort, once the value's own names are final: a copy of a temporary
            # gets its name from that one in a later round (`x_` for a copy of `x`).
            candidates.append(self.argument_of.get(temporary))
        for candidate in candidates:
            if _usable(candidate, self.taken):
                return candidate
        return None

    def renames(self) -> Dict[str, str]:
        if self.scope.introspects:
            return {}
        chosen: Dict[str, str] = {}
        for name in sorted(self.scope.bindings, key=_natural_order):
            if not TEMPORARY.match(name) or not self.scope.is_plain_local(name):
                continue
            new = self.choose(name)
            if new is not None:
                self.taken.add(new)
                chosen[name] = new
        return chosen


def _natural_order(name: str) -> "tuple[str, int]":
    match = re.search(r"(\d+)$", name)
    return (name[: match.start()] if match else name, int(match.group(1)) if match else 0)


def rename_temporaries(function: FunctionNode, hints: "Hints") -> Dict[str, str]:
    """Renames the function's temporaries in place; returns {old: new}. In rounds: a name
    made from another temporary (`t_result` for `t(...)`) waits for that one's name."""
    done: Dict[str, str] = {}
    # A rename changes no binding fact of the temporaries still to name: one scope serves every round.
    scope = FunctionScope(function)
    taken = scope.all_names()
    for _round in range(8):
        renames = _Namer(function, hints, scope, taken).renames()
        if not renames:
            break
        apply_renames(function, renames)
        done.update(renames)
    return done


def apply_renames(function: FunctionNode, renames: Dict[str, str]) -> None:
    for node in walk(function):
        if isinstance(node, ast.Name) and node.id in renames:
            node.id = renames[node.id]


__all__: Sequence[str] = ["chain_name", "rename_temporaries", "apply_renames", "TEMPORARY"]
