"""`full_code_for_{fn}_{n}.py`: everything torch.compile made of one function,
as one page read top to bottom.

For the function, then for each of its compiled versions in cache order: why
it was compiled (which guards of the earlier versions failed), the graph
breaks met while compiling it (each linked to the user's line as
`file:line`), the guards it runs under, its transformed code (the text of
the file the running code is compiled from), the graphs it calls with the
files that hold them, and the resume functions it continues in, each a
section of its own in the same shape. Last, how a call picks a version.
Nothing in it runs; it is the same from run to run for the same program.

The same facts are also kept as data (`FullCodeWriter.records`), which
`depyf report` reads from ``depyf_runs/functions/<full_code file>.json``
instead of parsing the text back.
"""

from __future__ import annotations

import glob
import os
import types
from typing import Any, Dict, List, Optional

from depyf.explain import torch_compat
from depyf.explain.dump_files import safe_name, stem
from depyf.explain.dynamo_names import hints_for, resume_code_of
from depyf.explain.graph_breaks import GraphBreak
from depyf.explain.guard_text import readable_guards
from depyf.explain.session import Compilation, DebugSession, short_graph_name
from depyf.explain.transformed_code import shaped_source, short_graph_names

_RULE = "#" * 78
_THIN_RULE = "# " + "-" * 76


def _exact_source(code: types.CodeType, name: Optional[str]) -> str:
    from depyf.decompiler import Decompiler

    try:
        return Decompiler(code).decompile(overwite_fn_name=name)
    except Exception as error:  # noqa: BLE001
        return "# depyf could not decompile %s: %s\n" % (code.co_name, error)


def _is_expression(text: str) -> bool:
    try:
        compile(text, "<guard>", "eval")
        return True
    except SyntaxError:
        return False


def _comment(text: str, prefix: str = "# ") -> List[str]:
    return [(prefix + line).rstrip() for line in str(text).splitlines() or [""]]


def _plural(count: int, word: str) -> str:
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def guard_function(guard_name: str, guards: List[Dict[str, Any]]) -> List[str]:
    """A version's guards (its record's "guards") as the lines of a function that checks them;
    the report shows the same text."""
    lines = ["def %s(L, G, **___kwargs_ignored):" % guard_name]
    if not guards:
        lines.append("    return True  # no guard could be read")
        return lines
    lines.append("    __guard_hit = True")
    for guard in guards:
        text, is_code = guard["text"], guard["is_code"]
        expression = text.split("  # ")[0]
        if is_code and _is_expression(expression):
            lines.append("    __guard_hit = __guard_hit and " + text)
        else:  # Dynamo's description of a check done in C++, or one that names objects
            lines.append("    # guard: " + text)
    lines.append("    return __guard_hit")
    return lines


class FullCodeWriter:
    def __init__(self, session: DebugSession) -> None:
        self.session = session
        # One record per function section of the last render (the function, then
        # its resume functions): the data a report shows, in JSON-ready form.
        self.records: List[Dict[str, Any]] = []

    # ---- pieces ----

    def _generated_source(self, code: types.CodeType, name: str, module: Optional[Dict[str, Any]]) -> str:
        """Source of code Dynamo generated (a resume function), readable, with its free and
        cell variables kept (unused ones included, as in the code object)."""
        from depyf.explain.readable import render_generated

        source = _exact_source(code, name)
        if source.startswith("# depyf could not"):
            return source
        for long_name, short_name in short_graph_names(code).items():
            source = source.replace(long_name, short_name)
        source = render_generated(source, hints_for(module, self.session.graph_outputs)).source
        return shaped_source(source, name, code)

    def _graph_break(self, brk: GraphBreak) -> List[str]:
        where = brk["location"]
        reason_lines = brk["reason"].splitlines() or ["(no reason given)"]
        lines = ["#   %s:%s in %s: %s" % (where["file"], where["line"] or "?", where["function"], reason_lines[0])]
        if where["source"]:
            lines.append("#       %s" % where["source"])
        for frame in brk["frames"][:-1][::-1]:
            lines.append("#     called from %s:%s in %s" % (frame["file"], frame["line"] or "?", frame["function"]))
        details = [line for line in reason_lines[1:] if line.strip() and "Developer debug context" not in line]
        lines += _comment("\n".join(line.strip() for line in details), "#     ")
        return [line for line in lines if line.strip() != "#"]

    def _why_compiled(self, compilation: Optional[Compilation]) -> List[str]:
        if compilation is None:
            return ["# Compiled before depyf was watching: why is not known."]
        if not compilation.recompile_reasons:
            return ["# Compiled on the first call (no earlier version existed)."]
        lines = ["# Compiled because these guards of the earlier versions failed:"]
        for reason in compilation.recompile_reasons:
            lines += _comment(reason, "#   ")
        return lines

    def _transformed(self, running: Optional[types.CodeType], compilation: Optional[Compilation]) -> List[str]:
        if compilation is None:
            if running is None:
                return ["# (no transformed code)"]
            source = _exact_source(running, None)
            return ["# Its transformed code (compiled before depyf was watching; Dynamo's own code runs):", source]
        path = compilation.transformed.path
        header = "# Its transformed code, from %s:" % os.path.basename(path)
        if compilation.transformed.problem:
            header += "\n# Note: " + compilation.transformed.problem
        try:
            with open(path, encoding="utf-8") as handle:
                return [header, handle.read().rstrip("\n")]
        except OSError:
            return [header]

    def _graph_files(self, short: str) -> List[str]:
        pattern = os.path.join(glob.escape(self.session.dump_dir), short + ".*.py")
        return sorted(os.path.basename(path) for path in glob.glob(pattern))

    def _graphs(self, graphs: List[Dict[str, Any]]) -> List[str]:
        """The graph stubs of one version, from its record (names and files)."""
        lines: List[str] = []
        for graph in graphs:
            short = graph["name"]
            lines.append("# %s: the graph Dynamo captured; its code:" % short)
            lines += ["#   " + name for name in graph["files"]] or ["#   (no file: the graph was not dumped)"]
            lines.append("def %s(*args, **kwargs):\n    pass  # runs the code in the files above" % short)
        return lines

    def _version_record(
        self, number: int, entry: Any, running: Optional[types.CodeType], compilation: Optional[Compilation]
    ) -> Dict[str, Any]:
        """One compiled version as data: what its section of the text says."""
        graphs = sorted(
            {short_graph_name(n) for n in (running.co_names if running else ()) if n.startswith("__compiled_fn")},
            key=lambda name: int(name.rsplit("_", 1)[-1]) if name.rsplit("_", 1)[-1].isdigit() else 0,
        )
        return {
            "number": number,
            "compiled_while_watched": compilation is not None,
            "recompile_reasons": list(compilation.recompile_reasons) if compilation is not None else [],
            "graph_breaks": [dict(brk) for brk in compilation.graph_breaks] if compilation is not None else [],
            "guards": [
                {"text": text, "is_code": is_code} for text, is_code in readable_guards(torch_compat.guard_lines(entry))
            ],
            "transformed_file": os.path.basename(compilation.transformed.path) if compilation is not None else None,
            "graphs": [{"name": short, "files": self._graph_files(short)} for short in graphs],
            "resumes": [n for n in (running.co_names if running else ()) if n.startswith("__resume")],
        }

    # ---- sections ----

    def render(self, code: types.CodeType, module: Optional[Dict[str, Any]], name: Optional[str] = None) -> str:
        parts: List[str] = []
        self.records = []
        self._render_function(code, module, name or code.co_name, parts, set(), resumed_by=None)
        return "\n".join(parts).rstrip("\n") + "\n"

    def _render_function(
        self,
        code: types.CodeType,
        module: Optional[Dict[str, Any]],
        name: str,
        parts: List[str],
        seen: set,
        resumed_by: Optional[str],
    ) -> None:
        if id(code) in seen:
            return
        seen.add(id(code))
        fn = safe_name(name)
        entries = torch_compat.cache_entries(code)
        parts += [_RULE]
        title = "# %s (%s:%s): %s" % (
            code.co_name,
            code.co_filename,
            code.co_firstlineno,
            _plural(len(entries), "compiled version"),
        )
        parts.append(title)
        if resumed_by is not None:
            parts.append(
                "# A resume function: %s continues in it (Dynamo calls it as %s) after a graph break."
                % (resumed_by, name)
            )
        parts += [_RULE, ""]
        original_name = "__original_code_for_%s" % fn
        if resumed_by is None:
            parts += ["# The original code:", _exact_source(code, original_name)]
        else:
            parts += [
                "# The resume function as Dynamo made it (it compiles it again when it is first called):",
                self._generated_source(code, original_name, module),
            ]
        arguments = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        dispatch: List[str] = []
        resumes: List[str] = []
        record: Dict[str, Any] = {
            "name": name,
            "code_name": code.co_name,
            "file": code.co_filename,
            "line": code.co_firstlineno,
            "resumed_by": resumed_by,
            "versions": [],
        }
        self.records.append(record)
        for number, entry in enumerate(entries):
            running = torch_compat.entry_code(entry)
            compilation = self.session.by_running_code.get(id(running)) if running is not None else None
            guard_name = "__guard_%d_for_%s" % (number, fn)
            version = self._version_record(number, entry, running, compilation)
            record["versions"].append(version)
            parts += [_THIN_RULE, "# Version %d of %s" % (number, code.co_name)]
            parts += self._why_compiled(compilation)
            breaks = compilation.graph_breaks if compilation is not None else []
            if breaks:
                parts.append("# Graph breaks met while compiling it (the code after each runs in a resume function):")
                for brk in breaks:
                    parts += self._graph_break(brk)
            parts.append("# It runs when these guards hold:")
            parts += guard_function(guard_name, version["guards"])
            parts.append("")
            parts += self._transformed(running, compilation)
            parts.append("")
            parts += self._graphs(version["graphs"])
            parts.append("")
            transformed_name = (
                stem(compilation.transformed.path) if compilation is not None else "__transformed_code_unknown"
            )
            dispatch.append(
                "    if %s(__local_dict, __global_dict):\n        return %s(%s)"
                % (guard_name, transformed_name, ", ".join(arguments))
            )
            resumes += [n for n in version["resumes"] if n not in resumes]
        parts += [_THIN_RULE, "# How calls of %s pick a version: the first whose guards hold runs;" % code.co_name]
        parts.append("# if none does, Dynamo compiles a new one.")
        parts.append("def %s(%s):" % (fn if fn == name else safe_name(name), ", ".join(arguments)))
        parts.append("    __local_dict = {%s}" % ", ".join('"%s": %s' % (a, a) for a in arguments))
        parts.append("    __global_dict = globals()")
        parts.extend(dispatch)
        parts.append("    return %s(%s)\n" % (original_name, ", ".join(arguments)))
        for resume_name in resumes:
            resume_code = resume_code_of((module or {}).get(resume_name))
            if resume_code is not None:
                self._render_function(resume_code, module, resume_name, parts, seen, resumed_by=code.co_name)
