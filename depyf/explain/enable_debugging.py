"""`depyf.prepare_debug` and `depyf.debug`: dump what torch.compile makes, then
step through it."""

from __future__ import annotations

import contextlib
import os
import sys
import types
import warnings
from typing import Any, Callable, Dict, Iterator, List, Optional

from depyf.explain import torch_compat
from depyf.explain.dump_files import make_directory, safe_name, write_unique

_state: Dict[str, Any] = {"dump_src_dir": None, "session": None, "active": False}


def _is_resume_of_compiled(code: types.CodeType, names: set) -> bool:
    for prefix in ("torch_dynamo_resume_in_", "resume_in_"):
        if code.co_name.startswith(prefix) and any(code.co_name.startswith(prefix + name + "_at_") for name in names):
            return True
    return False


@contextlib.contextmanager
def prepare_debug(dump_src_dir: str, clean_wild_fx_code: bool = True, log_bytecode: bool = False) -> Iterator[None]:
    """Dump what torch.compile does inside the block into `dump_src_dir`.

    Wrap the code that *runs* the compiled functions (compilation happens at
    the first calls). Works as ``with`` or driven by hand with
    ``__enter__()`` / ``__exit__(None, None, None)``. Files:

    - ``__transformed_code_{n}_for_{fn}.py``: Dynamo's transformed bytecode
      as source; the code that runs is compiled from this file.
    - ``full_code_for_{fn}_{n}.py``: guards, transformed code, resume
      functions and graph stubs of every compiled version, with why each was
      compiled and every graph break.
    - ``__compiled_fn_{n}.{Stage}.{k}.py``: captured, joint, forward and
      backward graphs; ``__compiled_fn_{n}.kernel_{k}.py``: Inductor's code.
    """
    if not isinstance(dump_src_dir, str):
        raise TypeError("prepare_debug(dump_src_dir) takes the directory path as a str; got %r" % (dump_src_dir,))
    import torch  # noqa: F401 - fail early and clearly when torch is missing

    from depyf.explain.session import DebugSession

    del clean_wild_fx_code  # depyf writes no stray fx files to clean
    directory = make_directory(dump_src_dir)
    session = DebugSession(directory, log_bytecode)
    undo: List[Any] = [
        torch_compat.register_bytecode_hook(session.bytecode_hook),
        torch_compat.tap_recompile_reasons(session.record_recompile_reasons),
        torch_compat.tap_graph_code(session.record_graph),
        torch_compat.tap_kernel_loading(session.redirect_kernel),
        torch_compat.tap_compile_cache_hits(session.record_cached_graph),
    ]
    previous = dict(_state)
    _state.update(dump_src_dir=directory, session=session, active=True)
    try:
        yield
    finally:
        for step in reversed(undo):
            try:
                step()
            except Exception as error:  # noqa: BLE001
                torch_compat.warn_once("removing a depyf hook", error)
        try:
            written = _write_full_code(session)
            session.write_unclaimed_graph_breaks()
            if written:
                print(
                    "depyf: wrote %d full_code file(s) and %d transformed code file(s) to %s"
                    % (len(written), len(session.compilations), directory),
                    file=sys.stderr,
                )
        finally:
            # Dynamo ties cleanups to the lifetime of these code objects;
            # holding them until interpreter shutdown would run those after
            # torch's modules are torn down.
            session.forget_code_objects()
            _state.update(previous)
            _state["dump_src_dir"] = directory
            _state["session"] = session
            _state["active"] = previous.get("active", False)


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
        written.append(write_unique(template, _constant_text(text)))
    return written


def _constant_text(text: str) -> Callable[[str], str]:
    return lambda _path: text


@contextlib.contextmanager
def debug() -> Iterator[None]:
    """Pause in the debugger, then run the code compiled under `prepare_debug`
    from the dumped files (breakpoints set in them are hit)."""
    if _state["active"]:
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
    return _state["session"] if _state["active"] else None
