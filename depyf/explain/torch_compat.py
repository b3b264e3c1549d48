"""Every private PyTorch API depyf uses, in one place.

PyTorch moves its internals between releases. Each function here reaches
one hook point, and when it is missing or has changed shape it warns once
(naming the feature that is lost) and lets the caller carry on with what
still works. Nothing here may break the user's program.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import types
import warnings
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from depyf.explain import own_time

_warned: set = set()


def warn_once(feature: str, error: BaseException | str) -> None:
    if feature in _warned:
        return
    _warned.add(feature)
    import torch

    warnings.warn(
        "depyf: %s is not available with torch %s (%s); carrying on without it." % (feature, torch.__version__, error),
        RuntimeWarning,
        stacklevel=3,
    )


Undo = Callable[[], None]


def _nothing() -> None:
    return None


class _SharedPatch:
    """One patched hook point shared by every listener (prepare_debug blocks
    may nest or overlap when driven by hand): patched while anyone listens,
    restored when the last one leaves, whatever the order."""

    def __init__(self, install: Callable[[Callable[..., Any]], Optional[Undo]]) -> None:
        self._install = install
        self._listeners: List[Callable[..., Any]] = []
        self._undo: Optional[Undo] = None

    def add(self, listener: Callable[..., Any]) -> Undo:
        if not self._listeners:
            self._undo = self._install(self._dispatch)
            if self._undo is None:  # the hook point is gone; already warned
                return _nothing
        self._listeners.append(listener)

        def remove() -> None:
            for index, current in enumerate(self._listeners):
                if current is listener:
                    del self._listeners[index]
                    break
            if not self._listeners and self._undo is not None:
                undo, self._undo = self._undo, None
                undo()

        return remove

    def _dispatch(self, *args: Any) -> Any:
        """Calls every listener; the first result that is not None wins."""
        result = None
        with own_time.counted():
            for listener in list(self._listeners):
                try:
                    answer = listener(*args)
                except Exception:  # noqa: BLE001 - a listener must never break torch
                    answer = None
                if result is None:
                    result = answer
        return result


# ---- the bytecode hook --------------------------------------------------------------------------


def register_bytecode_hook(hook: Callable[[types.CodeType, types.CodeType], Optional[types.CodeType]]) -> Undo:
    try:
        import torch._dynamo.convert_frame as convert_frame

        handle = convert_frame.register_bytecode_hook(hook)  # type: ignore[arg-type]
    except Exception as error:  # noqa: BLE001 - any failure means: no hook
        warn_once("Dynamo's bytecode hook (transformed code dumps)", error)
        return _nothing
    return handle.remove


def compiling_frame_namespaces(
    code: types.CodeType,
) -> Optional[Tuple[Dict[str, Any], Dict[str, Any]]]:
    """The globals and locals of the frame Dynamo is compiling `code` for, found up the stack.

    Bytecode hooks receive only the code objects; Dynamo's compile function
    holds the frame's namespaces as locals (`globals`/`locals`, or the frame
    itself in older releases).
    """
    frame: Optional[types.FrameType] = sys._getframe(1)
    while frame is not None:
        local = frame.f_locals
        if frame.f_code.co_filename.endswith("convert_frame.py"):
            candidate = local.get("frame")
            if candidate is not None and getattr(candidate, "f_code", None) is code:
                return candidate.f_globals, candidate.f_locals
            if local.get("code") is code and isinstance(local.get("globals"), dict):
                locals_ = local.get("locals")
                return local["globals"], locals_ if isinstance(locals_, dict) else {}
        frame = frame.f_back
    return None


def globals_of_compiling_frame(code: types.CodeType) -> Optional[Dict[str, Any]]:
    namespaces = compiling_frame_namespaces(code)
    return namespaces[0] if namespaces is not None else None


# ---- cache entries and guards -------------------------------------------------------------------


def cache_entries(code: types.CodeType) -> list:
    try:
        from torch._dynamo.eval_frame import _debug_get_cache_entry_list

        return list(_debug_get_cache_entry_list(code))
    except Exception as error:  # noqa: BLE001
        warn_once("Dynamo's cache entries (guards in full_code files)", error)
        return []


def entry_code(entry: Any) -> Optional[types.CodeType]:
    return getattr(entry, "code", None)


def guard_lines(entry: Any) -> List[str]:
    """The guards of one cache entry as Python-like conditions."""
    manager = getattr(entry, "guard_manager", None) or getattr(entry, "check_fn", None)
    if manager is None:
        return []
    for attribute in ("verbose_code_parts", "code_parts"):
        parts = getattr(manager, attribute, None)
        if parts:
            return [str(part).strip() for part in parts]
    lines: List[str] = []
    root = getattr(manager, "root", None)
    try:

        def visit(node: Any) -> None:
            for leaf in node.get_leaf_guards():
                lines.extend(part.strip() for part in leaf.verbose_code_parts())
            for child in node.get_child_managers():
                visit(child)

        if root is not None:
            visit(root)
    except Exception as error:  # noqa: BLE001
        warn_once("reading guard trees", error)
    return lines


def guard_closure_vars(entry: Any) -> Dict[str, Any]:
    manager = getattr(entry, "guard_manager", None)
    variables = getattr(manager, "closure_vars", None)
    return dict(variables) if isinstance(variables, dict) else {}


# ---- why code was compiled ----------------------------------------------------------------------


def _patch_recompile_reasons(record: Callable[..., Any]) -> Optional[Undo]:
    try:
        import torch._dynamo.convert_frame as convert_frame

        original = convert_frame.get_and_maybe_log_recompilation_reasons
    except Exception as error:  # noqa: BLE001
        warn_once("recompilation reasons", error)
        return None

    def tapped(cache_entries: Any, frame: Any, *args: Any, **kwargs: Any) -> Any:
        reasons = original(cache_entries, frame, *args, **kwargs)
        record(frame.f_code, [str(reason) for reason in reasons or []])
        return reasons

    convert_frame.get_and_maybe_log_recompilation_reasons = tapped
    return lambda: setattr(convert_frame, "get_and_maybe_log_recompilation_reasons", original)


_recompile_reasons = _SharedPatch(_patch_recompile_reasons)


def tap_recompile_reasons(record: Callable[[types.CodeType, List[str]], None]) -> Undo:
    """Calls record(code, reasons) whenever Dynamo works out which guards failed."""
    return _recompile_reasons.add(record)


def graph_break_reasons() -> list:
    """Dynamo's running list of graph-break reasons (cleared by torch._dynamo.reset())."""
    try:
        from torch._dynamo.utils import graph_break_reasons as reasons

        return reasons
    except Exception as error:  # noqa: BLE001
        warn_once("graph break reasons", error)
        return []


def unsupported_counts() -> Dict[str, int]:
    """Dynamo's count of each 'unimplemented' message: the only record of frames
    it skipped entirely (they never reach the bytecode hook)."""
    try:
        from torch._dynamo.utils import counters

        return dict(counters["unimplemented"])
    except Exception as error:  # noqa: BLE001
        warn_once("reasons for skipped frames", error)
        return {}


def _patch_compile_boundaries(notify: Callable[..., Any]) -> Optional[Undo]:
    try:
        from torch._dynamo.callback import callback_handler
    except Exception as error:  # noqa: BLE001
        warn_once("compile boundaries (graph breaks are then matched by function name)", error)
        return None

    # Backward graphs compiled lazily at run time trigger these too; only
    # Dynamo's frame compiles are boundaries between graph breaks.
    def is_dynamo(args: Any) -> bool:
        return getattr(getattr(args, "callback_trigger", None), "name", "DYNAMO") == "DYNAMO"

    def on_start(args: Any) -> None:
        if is_dynamo(args):
            notify("start")

    def on_end(args: Any) -> None:
        if is_dynamo(args):
            notify("end")

    callback_handler.register_start_callback(on_start)
    callback_handler.register_end_callback(on_end)

    def undo() -> None:
        for remove, callback in (
            (callback_handler.remove_start_callback, on_start),
            (callback_handler.remove_end_callback, on_end),
        ):
            try:
                remove(callback)
            except ValueError:  # torch._dynamo.reset() dropped every callback already
                pass

    return undo


_compile_boundaries = _SharedPatch(_patch_compile_boundaries)


def tap_compile_boundaries(notify: Callable[[str], None]) -> Undo:
    """Calls notify("start") / notify("end") around each frame Dynamo compiles
    (one at a time, under its compile lock). torch._dynamo.reset() silences it
    until the next prepare_debug block."""
    return _compile_boundaries.add(notify)


def backend_of_compiling_frame() -> Optional[str]:
    """The name of the torch.compile backend of the frame Dynamo compiles now
    ("inductor", "aot_eager", a custom function's name), found up the stack;
    for use inside the bytecode hook."""
    frame: Optional[types.FrameType] = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.endswith("convert_frame.py"):
            compiler = frame.f_locals.get("compiler_fn")
            if compiler is not None:
                name = getattr(compiler, "compiler_name", None) or getattr(compiler, "__name__", None)
                return str(name) if name else type(compiler).__name__
        frame = frame.f_back
    return None


# ---- graphs and kernels -------------------------------------------------------------------------


def _patch_graph_code(record: Callable[..., Any]) -> Optional[Undo]:
    """Makes every graph Dynamo/AOTAutograd/Inductor formats reach record(name, graph_module).

    `lazy_format_graph_code` is imported by name all over torch, so its code
    object is swapped for a shim that reports and then calls a copy of the
    original.
    """
    try:
        import torch._dynamo.utils as dynamo_utils

        target = dynamo_utils.lazy_format_graph_code
        original_code = target.__code__
        if original_code.co_freevars:
            raise TypeError("lazy_format_graph_code has become a closure")
        original = types.FunctionType(original_code, target.__globals__, target.__name__, target.__defaults__)
        original.__kwdefaults__ = target.__kwdefaults__
    except Exception as error:  # noqa: BLE001
        warn_once("graph dumps (__compiled_fn_*.py)", error)
        return None

    namespace = target.__globals__
    namespace["__depyf_graph_tap__"] = record
    namespace["__depyf_original_lazy_format_graph_code__"] = original

    def shim(*args: Any, **kwargs: Any) -> Any:
        try:
            __depyf_graph_tap__(*args[:2])  # type: ignore[name-defined]  # noqa: F821
        except Exception:  # noqa: BLE001
            pass
        return __depyf_original_lazy_format_graph_code__(*args, **kwargs)  # type: ignore[name-defined]  # noqa: F821

    target.__code__ = shim.__code__

    def undo() -> None:
        target.__code__ = original_code
        namespace.pop("__depyf_graph_tap__", None)
        namespace.pop("__depyf_original_lazy_format_graph_code__", None)

    return undo


_graph_code = _SharedPatch(_patch_graph_code)


def _patch_graph_recompile(after: Callable[..., Any]) -> Optional[Undo]:
    """Makes every GraphModule that gets new code reach after(graph_module, copied_from):
    a real recompile (FX writing its forward anew, e.g. a backend switching it to
    the boxed calling convention; copied_from None) and a deep copy (AOTAutograd
    hands the backward compiler a copy of the graph it logged)."""
    try:
        import torch.fx

        originals = {name: torch.fx.GraphModule.__dict__[name] for name in ("recompile", "__deepcopy__")}
        if not all(isinstance(method, types.FunctionType) for method in originals.values()):
            raise TypeError("GraphModule.recompile/__deepcopy__ are no longer plain methods")
    except Exception as error:  # noqa: BLE001
        warn_once("running recompiled graphs from their dumps", error)
        return None

    def recompile(self: Any) -> Any:
        result = originals["recompile"](self)
        try:
            after(self, None)
        except Exception:  # noqa: BLE001 - FX's own code keeps running
            pass
        return result

    def deepcopy(self: Any, memo: Dict[int, Any]) -> Any:
        result = originals["__deepcopy__"](self, memo)
        try:
            after(result, self)
        except Exception:  # noqa: BLE001
            pass
        return result

    torch.fx.GraphModule.recompile = recompile  # type: ignore[method-assign]
    torch.fx.GraphModule.__deepcopy__ = deepcopy  # type: ignore[method-assign]

    def undo() -> None:
        for name, method in originals.items():
            setattr(torch.fx.GraphModule, name, method)

    return undo


_graph_recompile = _SharedPatch(_patch_graph_recompile)


def tap_graph_code(record: Callable[[str, Any], None]) -> Undo:
    """Calls record(name, graph_module) for every graph Dynamo/AOTAutograd/Inductor
    formats, and keeps graphs that run from their dump doing so when recompiled."""
    from depyf.explain.graph_running import graph_changed

    undo_format = _graph_code.add(record)
    undo_recompile = _graph_recompile.add(graph_changed)

    def undo() -> None:
        undo_recompile()
        undo_format()

    return undo


# Inductor's own PyCodeCache.load_by_key_path while depyf's hook replaces it.
_unhooked_kernel_loader: List[Any] = []


def unhooked_kernel_loader() -> Any:
    """Inductor's PyCodeCache.load_by_key_path, bound to the class, whatever depyf has hooked."""
    from torch._inductor.codecache import PyCodeCache

    if _unhooked_kernel_loader:
        return _unhooked_kernel_loader[-1].__get__(None, PyCodeCache)
    return PyCodeCache.load_by_key_path


def replace_kernel_loading(hook: Callable[..., Any]) -> Undo:
    """Installs hook(key, path, linemap, attrs, **kwargs) as PyCodeCache.load_by_key_path until undone
    (a client's replacement of depyf's kernel hook, as the original depyf installed it)."""
    try:
        from torch._inductor.codecache import PyCodeCache

        saved = PyCodeCache.__dict__["load_by_key_path"]
    except Exception as error:  # noqa: BLE001
        warn_once("installing the kernel-loading hook", error)
        return _nothing
    PyCodeCache.load_by_key_path = staticmethod(hook)  # type: ignore[method-assign,assignment]
    return lambda: setattr(PyCodeCache, "load_by_key_path", saved)


def _patch_kernel_loading(redirect: Callable[..., Any]) -> Optional[Undo]:
    """Inductor loads its generated Python module from a path; redirect(path) may
    return another path holding the same source (the dump), which is loaded instead."""
    try:
        from torch._inductor.codecache import PyCodeCache

        original = PyCodeCache.__dict__["load_by_key_path"]
        function = original.__func__
    except Exception as error:  # noqa: BLE001
        warn_once("Inductor kernel dumps (__compiled_fn_*.kernel_*.py)", error)
        return None
    _unhooked_kernel_loader.append(original)

    def load_by_key_path(cls: Any, key: str, path: str, *args: Any, **kwargs: Any) -> Any:
        try:
            dumped = redirect(path)
        except Exception:  # noqa: BLE001
            dumped = None
        if dumped:
            try:
                return function(cls, key, dumped, *args, **kwargs)
            except Exception:  # noqa: BLE001 - the dump did not load: use Inductor's own file
                pass
        return function(cls, key, path, *args, **kwargs)

    PyCodeCache.load_by_key_path = classmethod(load_by_key_path)  # type: ignore[method-assign,assignment]

    def undo() -> None:
        setattr(PyCodeCache, "load_by_key_path", original)
        if _unhooked_kernel_loader and _unhooked_kernel_loader[-1] is original:
            _unhooked_kernel_loader.pop()

    return undo


_kernel_loading = _SharedPatch(_patch_kernel_loading)


def tap_kernel_loading(redirect: Callable[[str], Optional[str]]) -> Undo:
    """Inductor loads its generated Python module from a path; redirect(path) may
    return another path holding the same source (the dump), which is loaded instead."""
    return _kernel_loading.add(redirect)


# ---- running compiled code from the dumped files ------------------------------------------------


def disable_dynamo_frame_evaluation() -> Undo:
    """Stops Dynamo from intercepting frames (compiled code keeps running)."""
    try:
        import torch

        set_eval_frame = torch._C._dynamo.eval_frame.set_eval_frame
        # False: run the code already compiled, compile nothing new
        previous = set_eval_frame(False)
    except Exception as error:  # noqa: BLE001
        warn_once("pausing Dynamo for depyf.debug()", error)
        return _nothing

    def undo() -> None:
        set_eval_frame(previous)

    return undo


def _patch_boxed_run(_unused: Callable[..., Any]) -> Optional[Undo]:
    """fx.Interpreter.boxed_run runs a graph node by node: no generated code, so
    no file, runs. torch 2.9's aot_eager calls its graphs that way (later
    releases call their forward). Patched, a plain Interpreter runs the graph's
    forward instead: the same operations in the same order, boxed the same way
    (the argument list cleared), now through the code that is the dumped file's.
    Subclasses keep their own node-by-node behaviour."""
    try:
        import torch.fx

        interpreter = torch.fx.Interpreter
        original = interpreter.__dict__["boxed_run"]
    except Exception as error:  # noqa: BLE001
        warn_once("running interpreted graphs from their files", error)
        return None

    def boxed_run(self: Any, args_list: list) -> Any:
        if type(self) is not interpreter:
            return original(self, args_list)
        args = list(args_list)
        args_list.clear()
        return self.module.forward(*args)

    interpreter.boxed_run = boxed_run  # type: ignore[method-assign]

    def undo() -> None:
        interpreter.boxed_run = original  # type: ignore[method-assign]

    return undo


_boxed_run = _SharedPatch(_patch_boxed_run)


def run_interpreted_graphs_through_forward() -> Undo:
    """Until the returned undo, graphs a plain fx.Interpreter would run node by
    node run through their forward code (see _patch_boxed_run)."""
    return _boxed_run.add(_nothing)


def run_graphs_directly() -> Undo:
    """Graphs run from their dumped files under depyf.debug(): interpreted graphs
    through their forward code (run_interpreted_graphs_through_forward), and a
    graph compiled only now (AOTAutograd compiles the backward graph at the
    first backward call, from a copy) follows its dump as inside prepare_debug."""
    from depyf.explain.graph_running import graph_changed

    undo_recompile = _graph_recompile.add(graph_changed)
    undo_boxed = run_interpreted_graphs_through_forward()

    def undo() -> None:
        undo_boxed()
        undo_recompile()

    return undo


def bytecode_logger() -> Any:
    try:
        import torch._logging

        return torch._logging.getArtifactLogger("torch._dynamo.convert_frame", "bytecode")
    except Exception as error:  # noqa: BLE001
        warn_once("the bytecode log (depyf.install)", error)
        return None


def _patch_compile_caches(_unused: Callable[..., Any]) -> Optional[Undo]:
    """AOTAutograd's and Inductor's caches skip the very steps whose output is
    dumped (graphs, kernels); a cache hit would leave the dump incomplete."""
    settings = (
        ("torch._functorch.config", "enable_autograd_cache"),
        ("torch._functorch.config", "enable_remote_autograd_cache"),
        ("torch._inductor.config", "fx_graph_cache"),
        ("torch._inductor.config", "fx_graph_remote_cache"),
    )
    import importlib

    restore = []
    for module_name, name in settings:
        try:
            module = importlib.import_module(module_name)
            previous = getattr(module, name)
            setattr(module, name, False)
            restore.append((module, name, previous))
        except Exception:  # noqa: BLE001 - a setting that does not exist needs no disabling
            continue

    def undo() -> None:
        for module, name, previous in restore:
            setattr(module, name, previous)

    return undo


_compile_caches = _SharedPatch(_patch_compile_caches)


def disable_compile_caches() -> Undo:
    """Turns the AOTAutograd/Inductor caches off until the returned undo (shared by nested blocks).

    prepare_debug no longer needs this (tap_compile_cache_hits recovers what a
    hit skips); kept for callers that want every graph compiled afresh."""
    return _compile_caches.add(_nothing)


# ---- compile caches: what a hit skips, read back from the cache entries -------------------------
#
# With the AOTAutograd cache (inductor backend) a hit skips AOTAutograd and
# Inductor entirely, and with the FX graph cache a hit skips Inductor's
# lowering: the graphs they would format never reach tap_graph_code. The
# entries keep the readable text of the stages that matter (PyTorch keeps it
# for tlparse): the joint, forward and backward graphs in the AOTAutograd
# entry, the post-grad graph in each FX graph entry, and the output code,
# which Inductor loads through PyCodeCache.load_by_key_path on a hit as on a
# miss (tap_kernel_loading sees both). So that a cold and a warm run dump the
# same text, the graphs of those stages are printed, when compiled, with the
# options PyTorch prints its cached text with (cached_text_options).


@dataclasses.dataclass
class CachedGraph:
    """One graph a compile-cache hit stands for, as the entry keeps it."""

    stage: str  # the name PyTorch formats the stage under when it compiles, e.g. "Forward graph"
    text: Optional[str] = None  # print_readable text kept in the entry
    graph_module: Any = None  # or the graph itself, where the hit still has it
    cache: str = ""  # "AOTAutograd" or "FX graph"


# print_readable options of the text PyTorch 2.13 keeps in its caches, by
# stage (graph_compile._log_joint_graph/_log_fw_bw_graphs/_log_inference_graph,
# compile_fx's post-grad graph string).
_CACHED_TEXT_OPTIONS: Dict[str, Dict[str, bool]] = {
    "Joint graph": {"include_stride": True, "include_device": True, "expanded_def": True},
    "Forward graph": {"include_stride": True, "include_device": True, "expanded_def": True},
    "Backward graph": {"include_stride": True, "include_device": True, "expanded_def": True},
    "AFTER POST GRAD": {"include_stride": True, "include_device": True, "fast_sympy_print": True},
}


def cached_text_options(stage: str, inference: bool = False) -> Optional[Dict[str, bool]]:
    """The print_readable options PyTorch prints the cached text of `stage` with,
    or None for a stage no cache keeps. An inference graph (no backward) is
    kept with the faster sympy printer."""
    options = _CACHED_TEXT_OPTIONS.get(stage)
    if options is None:
        return None
    options = dict(options)
    if stage == "Forward graph" and inference:
        options["fast_sympy_print"] = True
    return options


def _graph_fingerprint(graph_module: Any) -> Tuple[Any, ...]:
    """What tells that a graph is the same as when it was printed: its nodes,
    their operations and their inputs (cheap next to printing it)."""
    graph = graph_module.graph
    return (id(graph),) + tuple(
        (node.name, node.op, id(node.target), tuple(id(arg) for arg in node.all_input_nodes)) for node in graph.nodes
    )


def reuse_printed_text(graph_module: Any, options: Dict[str, bool], text: str) -> None:
    """Right after formatting a graph for its log, PyTorch prints some graphs
    again with the very options of the text its caches keep (the ones depyf
    printed it with, cached_text_options): that next print returns depyf's
    text instead of printing the graph a second time. Only a call with the
    same options on the unchanged graph is answered, once; anything else
    prints as always."""
    try:
        cls = type(graph_module)
        if cls.__qualname__.split(".")[-1] != "GraphModuleImpl":  # not FX's class of one GraphModule
            return
        printed = cls.print_readable
        printed = getattr(printed, "__depyf_prints__", printed)
        pending = [(_graph_fingerprint(graph_module), dict(options, print_output=False), text)]
    except Exception as error:  # noqa: BLE001
        warn_once("sharing printed graphs with torch (a little more time)", error)
        return

    def print_readable(self: Any, *args: Any, **kwargs: Any) -> Any:
        if pending and not args:
            fingerprint, expected, kept = pending[0]
            try:
                same = kwargs == expected and _graph_fingerprint(self) == fingerprint
            except Exception:  # noqa: BLE001
                same = False
            pending.clear()
            if cls.__dict__.get("print_readable") is print_readable:
                del cls.print_readable
            if same:
                return kept
        return printed(self, *args, **kwargs)

    print_readable.__depyf_prints__ = printed  # type: ignore[attr-defined]
    cls.print_readable = print_readable
    _pending_prints.append(cls)


# Classes answering one print with depyf's text; forgotten when a block ends.
_pending_prints: List[Any] = []


def forget_printed_texts() -> None:
    while _pending_prints:
        cls = _pending_prints.pop()
        replacement = cls.__dict__.get("print_readable")
        if replacement is not None and hasattr(replacement, "__depyf_prints__"):
            del cls.print_readable


def current_compile_id() -> Optional[str]:
    """Dynamo's id of the compile running now ("0/0"), also while AOTAutograd
    compiles a backward lazily at the first backward call."""
    try:
        from torch._guards import CompileContext

        compile_id = CompileContext.current_compile_id()
    except Exception as error:  # noqa: BLE001
        warn_once("naming graphs compiled lazily (backward graphs and kernels)", error)
        return None
    return None if compile_id is None else str(compile_id)


def _pre_grad_passes_after_cache_lookup() -> bool:
    """Whether Inductor runs its pre-grad passes (and prints BEFORE PRE GRAD)
    only on an AOTAutograd cache miss."""
    try:
        from torch._inductor.codecache import resolve_pre_grad_pass_timing

        return resolve_pre_grad_pass_timing() == "late"
    except Exception:  # noqa: BLE001 - older torch: the passes ran before the lookup
        return False


def _patch_cache_hits(record: Callable[..., Any]) -> Optional[Undo]:
    try:
        from torch._functorch._aot_autograd.autograd_cache import AOTAutogradCache

        try:
            from torch._functorch._aot_autograd.aot_autograd_result import GenericAOTAutogradResult
        except ImportError:  # torch 2.9 names the cache entry so, beside the cache
            from torch._functorch._aot_autograd.autograd_cache import (  # type: ignore[attr-defined,no-redef]
                GenericAOTAutogradCacheEntry as GenericAOTAutogradResult,
            )
        from torch._inductor.codecache import FxGraphCache

        originals = (
            (GenericAOTAutogradResult, "wrap_post_compile", GenericAOTAutogradResult.__dict__["wrap_post_compile"]),
            (AOTAutogradCache, "try_load", AOTAutogradCache.__dict__["try_load"]),
            (FxGraphCache, "cache_hit_post_compile", FxGraphCache.__dict__["cache_hit_post_compile"]),
        )
        wrap_post_compile = originals[0][2]
        try_load = originals[1][2].__func__
        cache_hit_post_compile = originals[2][2].__func__
        if not callable(wrap_post_compile):
            raise TypeError("GenericAOTAutogradResult.wrap_post_compile is not a method")
    except Exception as error:  # noqa: BLE001
        warn_once("graphs of compile-cache hits (prepare_debug keeps the caches on)", error)
        return None

    def report(graph: CachedGraph) -> None:
        try:
            record(graph)
        except Exception:  # noqa: BLE001 - a dump must never break the load
            pass

    def tapped_wrap_post_compile(self: Any, *args: Any, **kwargs: Any) -> Any:
        # Reported once the entry loaded: when its FX graph entries are gone,
        # this raises and AOTAutograd compiles (and formats) the graphs itself.
        result = wrap_post_compile(self, *args, **kwargs)
        for stage, attribute in (
            ("Joint graph", "aot_joint_graph_str"),
            ("Forward graph", "aot_forward_graph_str"),
            ("Backward graph", "aot_backward_graph_str"),
        ):
            text = getattr(self, attribute, None)
            if isinstance(text, str):
                report(CachedGraph(stage, text=text, cache="AOTAutograd"))
        return result

    def tapped_try_load(mod: Any, *args: Any, **kwargs: Any) -> Any:
        result = try_load(mod, *args, **kwargs)
        try:
            # (compiled_fn, aot_config) in torch 2.13+; the compiled_fn alone in 2.9.
            hit = (result[0] if isinstance(result, tuple) else result) is not None
        except Exception:  # noqa: BLE001
            hit = False
        if hit and _pre_grad_passes_after_cache_lookup():
            # A miss would print this very graph before the pre-grad passes.
            report(CachedGraph("BEFORE PRE GRAD", graph_module=getattr(mod, "gm", mod), cache="AOTAutograd"))
        return result

    def tapped_cache_hit_post_compile(graph: Any, *args: Any, **kwargs: Any) -> Any:
        text = getattr(graph, "inductor_post_grad_graph_str", None)
        if isinstance(text, str):
            report(CachedGraph("AFTER POST GRAD", text=text, cache="FX graph"))
        return cache_hit_post_compile(graph, *args, **kwargs)

    GenericAOTAutogradResult.wrap_post_compile = tapped_wrap_post_compile  # type: ignore[method-assign]
    AOTAutogradCache.try_load = staticmethod(tapped_try_load)  # type: ignore[method-assign,assignment]
    FxGraphCache.cache_hit_post_compile = staticmethod(tapped_cache_hit_post_compile)  # type: ignore[method-assign]

    def undo() -> None:
        for owner, name, original in originals:
            setattr(owner, name, original)

    return undo


_cache_hits = _SharedPatch(_patch_cache_hits)


def tap_compile_cache_hits(record: Callable[[CachedGraph], None]) -> Undo:
    """Calls record(CachedGraph) for each graph an AOTAutograd or FX graph cache
    hit stands for, at the point a cold compile would have formatted it.

    Where this torch has no such hook points, the caches are turned off
    instead until the returned undo: slower, but the dump stays complete."""
    undo = _cache_hits.add(record)
    if undo is _nothing:
        warn_once("reading dumps from compile-cache hits: turning the compile caches off instead", "see above")
        return disable_compile_caches()

    def undo_all() -> None:
        undo()
        forget_printed_texts()

    return undo_all


@contextlib.contextmanager
def keep_lazy_graphs_unwritten(graph_module: Any) -> Iterator[None]:
    """Puts the lazy GraphModules in `graph_module` that have not written their
    code yet back in that state after the block, which may make them write it.

    A lazy GraphModule writes its Python code when first used (called,
    printed with str(), pickled), adding `_code` and friends to its __dict__.
    The AOTAutograd cache key pickles that __dict__, whose order then differs
    from a run where torch wrote the code itself, at the key: such a run would
    miss every entry a run without depyf made, and the other way round. The
    keys the block added are taken out again (the others keep their order)
    and the module is marked to write its code on its next use, as before.
    """
    unwritten = []
    try:
        from torch.fx._lazy_graph_module import _LazyGraphModule

        for module in graph_module.modules():
            if isinstance(module, _LazyGraphModule) and type(module)._needs_recompile():
                unwritten.append((module, set(module.__dict__)))
    except Exception as error:  # noqa: BLE001
        warn_once("leaving lazy graphs unwritten (compile-cache keys)", error)
    try:
        yield
    finally:
        for module, keys in unwritten:
            try:
                for key in [key for key in module.__dict__ if key not in keys]:
                    del module.__dict__[key]
                type(module).recompile()  # a lazy module's recompile only marks it
            except Exception as error:  # noqa: BLE001
                warn_once("leaving lazy graphs unwritten (compile-cache keys)", error)
