"""`depyf.prepare_debug` and `depyf.debug`: dump what torch.compile makes, then
step through it."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import types
import warnings
from typing import Any, Callable, Dict, Iterator, List, Optional

from depyf.explain import own_time, torch_compat
from depyf.explain.dump_files import make_directory, replace_atomically, safe_name, write_unique
from depyf.explain.dump_run import RUNS_FOLDER, DumpRun
from depyf.explain.graph_breaks import user_function_name

# The last block's directory and session, and the blocks open now (blocks driven by
# hand may overlap and end in any order: one is active while any is open).
_state: Dict[str, Any] = {"dump_src_dir": None, "session": None, "open": []}


def _is_resume_of_compiled(code: types.CodeType, names: set) -> bool:
    """A resume function of a compiled function: shown in that function's full_code file."""
    user_name = user_function_name(code.co_name)
    return user_name != code.co_name and user_name in names


@contextlib.contextmanager
def prepare_debug(
    dump_src_dir: str, clean_wild_fx_code: bool = True, log_bytecode: bool = False, report: bool = False
) -> Iterator[DumpRun]:
    """Dump what torch.compile does inside the block into `dump_src_dir`.

    Wrap the code that *runs* the compiled functions (compilation happens at
    the first calls). Works as ``with`` or driven by hand with
    ``__enter__()`` / ``__exit__(None, None, None)``; both give the run
    (`DumpRun`): ``run.files`` are the paths this run wrote or found already
    there with the same content, ``run.manifest`` the JSON file that lists
    them (``depyf_runs/<run id>.json``, with the process, times, torch version
    and backends); the directory may hold files of earlier runs or of other
    processes, which are in no manifest of this run. Files:

    - ``__transformed_code_{n}_for_{fn}.py``: Dynamo's transformed bytecode
      as source; the code that runs is compiled from this file.
    - ``full_code_for_{fn}_{n}.py``: guards, transformed code, resume
      functions and graph stubs of every compiled version, with why each was
      compiled and every graph break.
    - ``__compiled_fn_{n}.{Stage}.{k}.py``: captured, joint, forward and
      backward graphs; ``__compiled_fn_{n}.kernel_{k}.py``: Inductor's code.

    With ``report=True`` the block ends by writing the HTML report of the
    directory (``index.html``, as ``depyf report DIR`` does).
    """
    if not isinstance(dump_src_dir, str):
        raise TypeError("prepare_debug(dump_src_dir) takes the directory path as a str; got %r" % (dump_src_dir,))
    import torch  # noqa: F401 - fail early and clearly when torch is missing

    # depyf's own time (own_time) counts from here: torch's import above is not ours.
    with own_time.counted():
        from depyf.explain.session import DebugSession

        del clean_wild_fx_code  # depyf writes no stray fx files to clean
        directory = make_directory(dump_src_dir)
        run = DumpRun(directory)
        _save_manifest(run)  # a run that dies still leaves its record ("running")
        session = DebugSession(directory, log_bytecode)
        _share_state_with_clients(directory)
        undo: List[Any] = [
            torch_compat.tap_compile_boundaries(session.compile_boundary),
            torch_compat.register_bytecode_hook(session.bytecode_hook),
            torch_compat.tap_recompile_reasons(session.record_recompile_reasons),
            torch_compat.tap_graph_code(session.record_graph),
            _hook_kernel_loading(session),
            torch_compat.tap_compile_cache_hits(session.record_cached_graph),
            # A graph the backend interprets node by node would run no file.
            torch_compat.run_interpreted_graphs_through_forward(),
        ]
        _state.update(dump_src_dir=directory, session=session)
        _state["open"].append(session)
    failure: Optional[BaseException] = None
    try:
        yield run
    except GeneratorExit:  # the context object was dropped without __exit__: the block is over
        raise
    except BaseException as error:
        failure = error
        raise
    finally:
        with own_time.counted():
            for step in reversed(undo):
                try:
                    step()
                except Exception as error:  # noqa: BLE001
                    torch_compat.warn_once("removing a depyf hook", error)
            try:
                _write_full_code(session)
                session.write_unclaimed_graph_breaks()
            finally:
                _finish_run(run, failure, session.backends)
                # Dynamo ties cleanups to the lifetime of these code objects;
                # holding them until interpreter shutdown would run those after
                # torch's modules are torn down.
                session.forget_code_objects()
                _state["open"] = [other for other in _state["open"] if other is not session]
                _client_state()["is_inside_prepare_debug"] = bool(_state["open"])
                _state["dump_src_dir"] = directory
                _state["session"] = session
        if report:  # also after a failure inside the block: that is when a report helps most
            _write_report(directory)


def patched_load_by_key_path(key: str, path: str, linemap: Any = None, attrs: Any = None, **kwargs: Any) -> Any:
    """The kernel-loading hook as the original depyf named it (clients read and may replace it).

    Dumps Inductor's module source as ``<dump dir>/__compiled_fn_N.kernel_K.py`` and loads it
    from there, passing on every keyword Inductor gives (``set_sys_modules``, ...). A client that
    assigns its own function to this name before ``prepare_debug`` gets that function installed
    instead, as with the original.
    """
    from depyf.explain.global_variables import data
    from depyf.explain.utils import get_current_compiled_fn_name, write_code_to_file_template

    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    template = os.path.join(data["dump_src_dir"], get_current_compiled_fn_name() + ".kernel_%s.py")
    return data["unpatched_load_by_key_path"](
        key, write_code_to_file_template(source, template), linemap, attrs, **kwargs
    )


_OWN_KERNEL_HOOK = patched_load_by_key_path


def _client_state() -> Dict[str, Any]:
    from depyf.explain.global_variables import data

    return data


def _share_state_with_clients(directory: str) -> None:
    """Keeps depyf.explain.global_variables.data as the original's clients expect it during the block."""
    data = _client_state()

    try:
        from torch._inductor.codecache import PyCodeCache

        # (Inductor's own, not a hook of an enclosing block.)
        own = torch_compat.unhooked_kernel_loader()
        data["unpatched_load_by_key_path"] = own if own is not None else PyCodeCache.load_by_key_path
    except Exception:  # noqa: BLE001 - no Inductor: nothing to share
        pass
    data["dump_src_dir"] = directory
    data["is_inside_prepare_debug"] = True


def _write_report(directory: str) -> None:
    try:
        from depyf.report import write_report

        print("depyf: report: open %s" % write_report(directory), file=sys.stderr)
    except Exception as error:  # noqa: BLE001 - a report must never fail the user's program
        warnings.warn("depyf: the HTML report of %s was not written: %s" % (directory, error), RuntimeWarning)


def _hook_kernel_loading(session: Any) -> Callable[[], None]:
    """depyf's kernel dumps, or the client's replacement of `patched_load_by_key_path` (vLLM's)."""
    hook = globals()["patched_load_by_key_path"]
    if hook is _OWN_KERNEL_HOOK:
        return torch_compat.tap_kernel_loading(session.redirect_kernel)
    return torch_compat.replace_kernel_loading(hook)


def _save_manifest(run: DumpRun) -> None:
    try:
        run.save()
    except Exception as error:  # noqa: BLE001 - the record must never break the user's program
        torch_compat.warn_once("the run manifest (%s)" % run.manifest, error)


def _finish_run(run: DumpRun, failure: Optional[BaseException], backends: List[str]) -> None:
    try:
        run.finish(failure, backends)
    except Exception as error:  # noqa: BLE001
        torch_compat.warn_once("the run manifest (%s)" % run.manifest, error)
        return
    if run.files:
        print(run.summary(), file=sys.stderr)


def _write_full_code(session: Any) -> List[str]:
    from depyf.explain.full_code import FullCodeWriter

    writer = FullCodeWriter(session)
    names = {c.original.co_name for c in session.compilations}
    done: set = set()
    written = []
    for compilation in session.compilations:
        code = compilation.original
        if id(code) in done or _is_resume_of_compiled(code, names):
            continue
        done.add(id(code))
        if not torch_compat.cache_entries(code):
            warnings.warn(
                "depyf: %s was compiled but has no cache entry left (was its module deleted, or "
                "torch._dynamo.reset() called, inside prepare_debug?)" % code.co_name,
                RuntimeWarning,
                stacklevel=3,
            )
        text = writer.render(code, compilation.module_globals)
        template = os.path.join(session.dump_dir, "full_code_for_%s_%%s.py" % safe_name(code.co_name))
        path = write_unique(template, _constant_text(text))
        written.append(path)
        _write_function_records(path, writer.records)
    return written


def _write_function_records(full_code_path: str, records: List[Dict[str, Any]]) -> None:
    """The full_code file's facts as data, for `depyf report`: depyf_runs/functions/<file>.json."""
    try:
        folder = os.path.join(os.path.dirname(full_code_path), RUNS_FOLDER, "functions")
        os.makedirs(folder, exist_ok=True)
        document = {"format": 1, "full_code": os.path.basename(full_code_path), "functions": records}
        target = os.path.join(folder, os.path.basename(full_code_path)[: -len(".py")] + ".json")
        replace_atomically(target, json.dumps(document, indent=1, default=str))
    except Exception as error:  # noqa: BLE001 - the report's data must never break the user's program
        torch_compat.warn_once("the report data of %s" % full_code_path, error)


def _constant_text(text: str) -> Callable[[str], str]:
    return lambda _path: text


@contextlib.contextmanager
def debug() -> Iterator[None]:
    """Pause in the debugger, then run the code compiled under `prepare_debug`
    from the dumped files (breakpoints set in them are hit)."""
    if _state["open"]:
        raise RuntimeError("depyf.debug() cannot be used inside depyf.prepare_debug(); use it after the block.")
    if _state["dump_src_dir"] is None:
        raise RuntimeError("depyf.debug() needs an earlier depyf.prepare_debug() block to dump the code first.")
    restore_eval = torch_compat.disable_dynamo_frame_evaluation()
    restore_graphs = torch_compat.run_graphs_directly()
    try:
        print(
            "depyf: paused. Set breakpoints in the files under %s (see full_code_for_*.py for the overview), "
            "then continue." % _state["dump_src_dir"]
        )
        breakpoint()
        yield
    finally:
        restore_graphs()
        restore_eval()


def active_session() -> Optional[Any]:
    """The DebugSession of the innermost active prepare_debug block, or None."""
    return _state["open"][-1] if _state["open"] else None
