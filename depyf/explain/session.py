"""What one `prepare_debug` block records while torch.compile runs."""

from __future__ import annotations

import dataclasses
import os
import re
import threading
import types
from typing import Any, Dict, List, Optional

from depyf.explain import own_time, torch_compat
from depyf.explain.dump_files import safe_name, write_unique
from depyf.explain.dynamo_names import graph_outputs, hints_for
from depyf.explain.graph_breaks import GraphBreak, describe, started_in
from depyf.explain.transformed_code import TransformedCode, dump_transformed_code


@dataclasses.dataclass
class Compilation:
    """One call of the bytecode hook: Dynamo compiled `original` into `transformed`."""

    original: types.CodeType
    dynamo_code: types.CodeType
    transformed: TransformedCode
    module_globals: Optional[Dict[str, Any]]
    recompile_reasons: List[str]
    # The graph breaks met while Dynamo compiled this frame (a resume
    # function's own breaks are its own): see graph_breaks.GraphBreak.
    graph_breaks: List[GraphBreak]

    @property
    def running_code(self) -> types.CodeType:
        return self.transformed.code or self.dynamo_code


class DebugSession:
    def __init__(self, dump_dir: str, log_bytecode: bool) -> None:
        self.dump_dir = dump_dir
        self.log_bytecode = log_bytecode
        self.compilations: List[Compilation] = []
        self.by_running_code: Dict[int, Compilation] = {}
        self._pending_reasons: Dict[int, List[str]] = {}
        self._graph_breaks_seen = len(torch_compat.graph_break_reasons())
        # Breaks of the frame Dynamo compiles now, and whether that compile's
        # start was seen (then all of them are that frame's).
        self._fresh_graph_breaks: List[GraphBreak] = []
        self._compile_start_seen = False
        self.unclaimed_graph_breaks: List[GraphBreak] = []
        self.backends: List[str] = []  # the torch.compile backends seen, in order
        self._unsupported_before = torch_compat.unsupported_counts()
        self._current_graph = threading.local()
        self._owner_of_compile: Dict[str, str] = {}
        self._with_backward: set = set()
        self._noted_cache_hits: set = set()
        self._lock = threading.Lock()
        # What each captured graph returns, by its short name (`__compiled_fn_1`).
        self.graph_outputs: Dict[str, List[str]] = {}

    # ---- Dynamo's bytecode hook ----

    def bytecode_hook(self, code: types.CodeType, new_code: types.CodeType) -> Optional[types.CodeType]:
        try:
            with own_time.counted():
                return self._record(code, new_code)
        except Exception as error:  # noqa: BLE001 - never break the user's program
            torch_compat.warn_once("dumping transformed code (%s)" % type(error).__name__, error)
            return None

    def _record(self, code: types.CodeType, new_code: types.CodeType) -> Optional[types.CodeType]:
        module_globals = torch_compat.globals_of_compiling_frame(code)
        backend = torch_compat.backend_of_compiling_frame()
        template = os.path.join(self.dump_dir, "__transformed_code_%%s_for_%s.py" % safe_name(code.co_name))
        hints = hints_for(module_globals, self.graph_outputs)
        transformed = dump_transformed_code(new_code, code, template, module_globals, hints)
        if transformed.problem:
            import warnings

            warnings.warn("depyf: %s: %s" % (transformed.path, transformed.problem), RuntimeWarning, stacklevel=2)
        if self.log_bytecode:
            self._log_bytecode(transformed.path, code, new_code, transformed.code)
        with self._lock:
            compilation = Compilation(
                original=code,
                dynamo_code=new_code,
                transformed=transformed,
                module_globals=module_globals,
                recompile_reasons=self._pending_reasons.pop(id(code), []),
                graph_breaks=self._graph_breaks_of(code),
            )
            self.compilations.append(compilation)
            if backend is not None and backend not in self.backends:
                self.backends.append(backend)
            self.by_running_code[id(compilation.running_code)] = compilation
        return transformed.code

    def forget_code_objects(self) -> None:
        with self._lock:
            self.compilations.clear()
            self.by_running_code.clear()
            self._pending_reasons.clear()

    # ---- graph breaks ----
    #
    # Dynamo compiles one frame at a time (under its compile lock) and calls
    # the bytecode hook at the end of a compile that produced code, so the
    # breaks appended to its list since that compile started are the
    # compiled frame's - a resume function's breaks are the resume
    # function's, a break in an inlined call is the caller's that Dynamo was
    # compiling. The breaks of a compile that produced no code (a frame
    # Dynamo skipped) are set aside when it ends.

    def compile_boundary(self, which: str) -> None:
        """Dynamo starts ("start") or ends ("end") compiling a frame: breaks no
        hook claimed by now were a frame's that got no compiled code."""
        with self._lock:
            self._collect_graph_breaks()
            self.unclaimed_graph_breaks.extend(self._fresh_graph_breaks)
            self._fresh_graph_breaks = []
            self._compile_start_seen = which == "start"

    def _collect_graph_breaks(self) -> None:
        reasons = torch_compat.graph_break_reasons()
        if len(reasons) < self._graph_breaks_seen:  # torch._dynamo.reset() cleared it
            self._graph_breaks_seen = 0
        fresh = reasons[self._graph_breaks_seen :]
        self._graph_breaks_seen = len(reasons)
        self._fresh_graph_breaks.extend(describe(reason) for reason in fresh)

    def _graph_breaks_of(self, code: types.CodeType) -> List[GraphBreak]:
        """The graph breaks met while compiling `code` (called from the hook, under the lock)."""
        self._collect_graph_breaks()
        fresh, self._fresh_graph_breaks = self._fresh_graph_breaks, []
        if self._compile_start_seen:
            self._compile_start_seen = False
            return fresh
        # No boundary seen (reset() dropped the callback, or an older torch):
        # the compiled frame is the first of each of its breaks' stacks.
        mine = [brk for brk in fresh if started_in(brk, code)]
        self.unclaimed_graph_breaks.extend(brk for brk in fresh if not started_in(brk, code))
        return mine

    def write_unclaimed_graph_breaks(self) -> Optional[str]:
        """Graph breaks of frames Dynamo ran uncompiled (e.g. a break inside a
        loop): no full_code file shows them, so they get a file of their own."""
        with self._lock:
            self._collect_graph_breaks()
            breaks = self.unclaimed_graph_breaks + self._fresh_graph_breaks
            self.unclaimed_graph_breaks, self._fresh_graph_breaks = [], []
        skipped = [
            message
            for message, count in torch_compat.unsupported_counts().items()
            if count > self._unsupported_before.get(message, 0) and "skip" in message.lower()
        ]
        if not breaks and not skipped:
            return None
        lines = [
            "Graph breaks in frames for which Dynamo produced no compiled code (it ran them as plain",
            "Python, e.g. after a graph break inside a loop), so no full_code file shows them.",
            "",
        ]
        for message in skipped:
            lines.append("Frame skipped: " + message)
            lines.append("")
        for brk in breaks:
            lines.append("Graph break: " + brk["reason"])
            for frame in brk["frames"]:
                lines.append("  at %s:%s in %s" % (frame["file"], frame["line"] or "?", frame["function"]))
                if frame["source"]:
                    lines.append("      " + frame["source"])
            lines.append("")
        text = "\n".join(lines)
        return write_unique(os.path.join(self.dump_dir, "graph_breaks_without_compiled_code_%s.txt"), lambda _p: text)

    def record_recompile_reasons(self, code: types.CodeType, reasons: List[str]) -> None:
        with self._lock:
            self._pending_reasons[id(code)] = reasons

    def _log_bytecode(
        self, path: str, code: types.CodeType, new_code: types.CodeType, made: Optional[types.CodeType]
    ) -> None:
        import dis
        import io

        for suffix, value in (
            ("original_bytecode", code),
            ("transformed_bytecode", new_code),
            ("decompiled_and_compiled_back_bytecode", made),
        ):
            if value is None:
                continue
            listing = io.StringIO()
            dis.dis(value, file=listing)
            text = listing.getvalue()
            write_unique(path + "." + suffix + "%s", lambda _path: text)  # noqa: B023 - used at once

    # ---- graphs and kernels ----

    def record_graph(self, name: Any, graph_module: Any) -> None:
        from depyf.explain.graph_dumps import dump_graph

        # torch.export puts the module stack after a ':'.
        name = str(name).split(":")[0]
        owner_match = _COMPILED_FN.search(name)
        if owner_match:
            # The captured graph is named after its compiled function; passes
            # over it mention that name too (and come before it).
            owner = owner_match.group(1)
            self._current_graph.name = owner
            compile_id = torch_compat.current_compile_id()
            if compile_id is not None:
                with self._lock:
                    self._owner_of_compile[compile_id] = owner
            stage = name[: owner_match.start()] + name[owner_match.end() :]
            stage = safe_name(stage.strip().replace(" ", "_")) if stage.strip() else "Captured_Graph"
            if stage == "Captured_Graph":
                outputs = graph_outputs(graph_module)
                if outputs is not None:
                    self.graph_outputs[owner] = outputs
        else:
            owner = self._current_owner()
            stage = safe_name(name.replace(" ", "_"))
            if name == "Joint graph":
                self._with_backward.add(owner)
        # Stages a compile cache keeps are printed as the cache keeps them, so
        # that a run loading them from the cache dumps the same text.
        options = torch_compat.cached_text_options(name, inference=owner not in self._with_backward)
        # A backward AOTAutograd compiles lazily has no compiling frame: backend None.
        backend = torch_compat.backend_of_compiling_frame()
        dump_graph(self.dump_dir, owner, stage, graph_module, options, backend)

    def record_cached_graph(self, cached: torch_compat.CachedGraph) -> None:
        """A graph a compile-cache hit stands for: written as a compile would have."""
        from depyf.explain.graph_dumps import dump_graph_text

        if cached.graph_module is not None:
            self.record_graph(cached.stage, cached.graph_module)
            return
        owner = self._current_owner()
        stage = safe_name(cached.stage.replace(" ", "_"))
        if cached.stage == "Joint graph":
            self._with_backward.add(owner)
        if cached.text is not None:
            dump_graph_text(self.dump_dir, owner, stage, cached.text)
        if cached.cache == "AOTAutograd" and owner not in self._noted_cache_hits:
            self._noted_cache_hits.add(owner)
            text = _AOT_CACHE_HIT_NOTE.format(owner=owner)
            write_unique(os.path.join(self.dump_dir, owner + ".loaded_from_compile_cache.%s.txt"), lambda _p: text)

    def _current_owner(self) -> str:
        """The compiled function whose graphs are being compiled now: the one
        Dynamo's running compile captured (AOTAutograd compiles a backward
        lazily, under the compile it belongs to), else this thread's last."""
        compile_id = torch_compat.current_compile_id()
        if compile_id is not None:
            with self._lock:
                owner = self._owner_of_compile.get(compile_id)
            if owner is not None:
                return owner
        return getattr(self._current_graph, "name", "__compiled_fn_unknown")

    def current_compiled_fn_name(self) -> str:
        """`__compiled_fn_N` of the graph being compiled now (kernel dumps are filed under it)."""
        return self._current_owner()

    def redirect_kernel(self, path: str) -> Optional[str]:
        owner = self._current_owner()
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        return write_unique(os.path.join(self.dump_dir, owner + ".kernel_%s.py"), lambda _p: source)


_AOT_CACHE_HIT_NOTE = """\
{owner} was loaded from PyTorch's AOTAutograd cache: in this run AOTAutograd and
Inductor did not compile it, they read the cache entry made by an earlier run.

From the entry, as a compile writes them:
  {owner}.Joint_graph / Forward_graph / Backward_graph  the texts the entry keeps of them
  {owner}.AFTER_POST_GRAD   the text each Inductor (FX graph cache) entry keeps
  {owner}.kernel_N          Inductor's output code, loaded from the cache as after a compile
  {owner}.BEFORE_PRE_GRAD   the graph handed to the cache lookup, which a compile prints first

Not here: snapshots printed only between the passes of a compile, such as
tensorify_python_scalars (the joint graph after AOTAutograd turns Python scalars
into tensors; the result is the Joint_graph). No cache entry keeps them. To see
them, run once with the caches off: TORCHINDUCTOR_FORCE_DISABLE_CACHES=1.
"""


# `__compiled_fn_3`, optionally followed by the uuid newer torch appends;
# files are named by the short form, the one clients glob.
_COMPILED_FN = re.compile(r"(__compiled_fn_\d+)(?:_[0-9a-f]{8}(?:_[0-9a-f]{4}){3}_[0-9a-f]{12})?")


def short_graph_name(name: str) -> str:
    match = _COMPILED_FN.search(name)
    return match.group(1) if match else name
