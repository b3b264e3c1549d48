"""`full_code_for_{fn}_{n}.py`: everything torch.compile made of one function,
as one readable file - guards, transformed code, resume functions, graph
stubs - and why each version was compiled and where the graph broke."""

from __future__ import annotations

import os
import re
import textwrap
import types
from typing import Any, Dict, List, Optional

from depyf.explain import torch_compat
from depyf.explain.dump_files import safe_name, stem
from depyf.explain.session import Compilation, DebugSession, short_graph_name


def _source_of(code: types.CodeType, name: Optional[str] = None) -> str:
    from depyf.decompiler import Decompiler

    try:
        return Decompiler(code).decompile(overwite_fn_name=name)
    except Exception as error:  # noqa: BLE001
        return "# depyf could not decompile %s: %s\n" % (code.co_name, error)


_TYPE_NOTE = re.compile(r",\s*type=<[^<>]*>$")


def _is_expression(text: str) -> bool:
    try:
        compile(text, "<guard>", "eval")
        return True
    except SyntaxError:
        return False


def _comment(text: str, prefix: str = "# ") -> str:
    return "".join(prefix + line + "\n" for line in str(text).splitlines() or [""])


class FullCodeWriter:
    def __init__(self, session: DebugSession) -> None:
        self.session = session
        self.written: set = set()

    def render(self, code: types.CodeType, module: Optional[Dict[str, Any]], name: Optional[str] = None) -> str:
        parts: List[str] = []
        self._render_function(code, module, name or code.co_name, parts, set())
        return "\n".join(parts)

    def _render_function(
        self, code: types.CodeType, module: Optional[Dict[str, Any]], name: str, parts: List[str], seen: set
    ) -> None:
        if id(code) in seen:
            return
        seen.add(id(code))
        fn = safe_name(name)
        entries = torch_compat.cache_entries(code)
        parts.append("#" * 78)
        parts.append(
            "# %s (%s:%s): %d compiled version(s)" % (code.co_name, code.co_filename, code.co_firstlineno, len(entries))
        )
        parts.append("#" * 78 + "\n")
        parts.append("# The original code:")
        parts.append(_source_of(code, "__original_code_for_%s" % fn))
        dispatch: List[str] = []
        arguments = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        for number, entry in enumerate(entries):
            running = torch_compat.entry_code(entry)
            compilation = self.session.by_running_code.get(id(running)) if running is not None else None
            guard_name = "__guard_%d_for_%s" % (number, fn)
            parts.append(self._guard_function(guard_name, entry, compilation))
            parts.append(self._transformed(running, compilation))
            transformed_name = self._transformed_name(compilation)
            for resume_name in [n for n in (running.co_names if running else ()) if n.startswith("__resume")]:
                resume = (module or {}).get(resume_name)
                resume_code = getattr(resume, "__code__", None)
                if resume_code is not None:
                    self._render_function(resume_code, module, resume_name, parts, seen)
            dispatch.append(
                "    if %s(__local_dict, __global_dict):\n        return %s(%s)"
                % (guard_name, transformed_name, ", ".join(arguments))
            )
        parts.append(self._graph_stubs(entries))
        parts.append("def %s(%s):" % (fn if fn == name else safe_name(name), ", ".join(arguments)))
        parts.append(
            "    # How calls of %s are dispatched: the first version whose guards pass runs;\n"
            "    # if none does, Dynamo compiles a new one." % code.co_name
        )
        parts.append("    __local_dict = {%s}" % ", ".join('"%s": %s' % (a, a) for a in arguments))
        parts.append("    __global_dict = globals()")
        parts.extend(dispatch)
        parts.append("    return __original_code_for_%s(%s)\n" % (fn, ", ".join(arguments)))

    def _guard_function(self, guard_name: str, entry: Any, compilation: Optional[Compilation]) -> str:
        lines = []
        if compilation is not None:
            if compilation.recompile_reasons:
                lines.append("# Compiled because these guards of the earlier versions failed:")
                lines.extend(_comment(reason, "#   ").rstrip("\n") for reason in compilation.recompile_reasons)
            else:
                lines.append("# Compiled on the first call (no earlier version existed).")
            for brk in compilation.graph_breaks:
                lines.append("# Graph break: " + brk["reason"].splitlines()[0] if brk["reason"] else "# Graph break")
                lines.extend(_comment(line, "#   ").rstrip("\n") for line in brk["reason"].splitlines()[1:])
                for frame in brk["user_stack"]:
                    lines.append("#   at " + frame)
        closure = torch_compat.guard_closure_vars(entry)
        shown = [key for key in closure if not key.startswith("__builtins")]
        if shown:
            lines.extend(
                textwrap.wrap(
                    "Names the guards use: " + ", ".join(shown), 100, initial_indent="# ", subsequent_indent="#   "
                )
            )
        lines.append("def %s(L, G, **___kwargs_ignored):" % guard_name)
        guards = torch_compat.guard_lines(entry)
        if not guards:
            lines.append("    return True  # no guard could be read")
        else:
            lines.append("    __guard_hit = True")
            for guard in guards:
                guard = " ".join(guard.split("\n"))
                # Verbose guards end in a note on the checked object's type.
                readable = _TYPE_NOTE.sub("", guard)
                if _is_expression(readable):
                    note = guard[len(readable) :].lstrip(", ")
                    lines.append("    __guard_hit = __guard_hit and " + readable + ("  # " + note if note else ""))
                elif _is_expression(guard):
                    lines.append("    __guard_hit = __guard_hit and " + guard)
                else:  # Dynamo's description of a check done in C++
                    lines.append("    # guard: " + guard)
            lines.append("    return __guard_hit")
        return "\n".join(lines) + "\n"

    def _transformed_name(self, compilation: Optional[Compilation]) -> str:
        if compilation is not None:
            return stem(compilation.transformed.path)
        return "__transformed_code_unknown"

    def _transformed(self, running: Optional[types.CodeType], compilation: Optional[Compilation]) -> str:
        if compilation is None:
            if running is None:
                return "# (no transformed code)\n"
            return "# Transformed code (compiled before depyf was active):\n" + _source_of(running)
        path = compilation.transformed.path
        note = "# Transformed code, from %s" % os.path.basename(path)
        if compilation.transformed.problem:
            note += "\n# Note: " + compilation.transformed.problem
        try:
            with open(path, encoding="utf-8") as handle:
                return note + "\n" + handle.read()
        except OSError:
            return note + "\n"

    def _graph_stubs(self, entries: list) -> str:
        names = set()
        for entry in entries:
            running = torch_compat.entry_code(entry)
            for name in running.co_names if running else ():
                if name.startswith("__compiled_fn"):
                    names.add(name)
        stubs = []
        for name in sorted(names):
            short = short_graph_name(name)
            stubs.append(
                "# Graph code: %s.Captured_Graph.*.py (Dynamo's graph; runs with the eager backend),\n"
                "# %s.Forward_graph.*.py / Backward_graph / Joint_graph (AOTAutograd; runs with aot_eager),\n"
                "# %s.kernel_*.py (Inductor's output code).\n"
                "def %s(*args, **kwargs):\n    pass\n" % (short, short, short, name)
            )
        return "\n".join(stubs)
