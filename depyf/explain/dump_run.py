"""Which files of a dump directory one `prepare_debug` run produced.

The dumped files stay at the top of the directory under names that do not
depend on the run (clients glob them; a breakpoint set in one must be hit
by the next run of the same program; processes share the directory), so a
run cannot be told by its files. Each run instead keeps a manifest,
``depyf_runs/<run id>.json``: which process and program, when, with which
torch and backend, and every file it wrote or found already there with the
very same content. The manifest is rewritten whole (never torn) when the
run starts and when it ends; ``depyf_runs/index.jsonl`` gets one line per
finished run. The manifests are the record; the index is a convenience.
"""

from __future__ import annotations

import datetime
import json
import os
import socket
import sys
import threading
import uuid
from typing import Any, Dict, List, Optional

from depyf.explain import compile_times, own_time
from depyf.explain.dump_files import append_line, replace_atomically, safe_name, watch_writes

RUNS_FOLDER = "depyf_runs"
INDEX_NAME = "index.jsonl"
MANIFEST_FORMAT = 1

WRITTEN = "written"  # this run created the file
REUSED = "reused"  # the file was already there with exactly this run's content


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")


def _torch_version() -> Optional[str]:
    torch = sys.modules.get("torch")
    version = getattr(torch, "__version__", None)
    return str(version) if version else None


class DumpRun:
    """One prepare_debug run: what `with depyf.prepare_debug(d) as run` gives.

    `files` lists, in the order they were produced, the paths of every file
    this run wrote or reused in the directory; `manifest` is the path of the
    run's manifest. Both are filled while the block runs and final after it.
    """

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.started = _now()
        self.finished: Optional[str] = None
        self.state = "running"
        self.error: Optional[str] = None
        self.backends: List[str] = []
        host = safe_name(socket.gethostname())[:40]
        stamp = self.started.replace("-", "").replace(":", "").replace(".", "")[:18]
        self.run_id = "%s_%s_%d_%s" % (stamp, host, os.getpid(), uuid.uuid4().hex[:6])
        self.manifest = os.path.join(directory, RUNS_FOLDER, self.run_id + ".json")
        self._status: Dict[str, str] = {}  # path -> WRITTEN / REUSED, in the order first seen
        self._lock = threading.Lock()
        self._stop_watching = watch_writes(self._saw)
        # Where the process's compile and depyf's own seconds stood when the run began.
        self._compile_seconds_before = compile_times.snapshot()
        self._own_seconds_before = own_time.seconds()
        self.timings: Dict[str, Any] = {}

    # ---- what the run produced ----

    @property
    def files(self) -> List[str]:
        with self._lock:
            return list(self._status)

    @property
    def written(self) -> List[str]:
        with self._lock:
            return [path for path, status in self._status.items() if status == WRITTEN]

    @property
    def reused(self) -> List[str]:
        with self._lock:
            return [path for path, status in self._status.items() if status == REUSED]

    def _saw(self, path: str, created: bool) -> None:
        path = os.path.abspath(path)
        if os.path.dirname(path) != self.directory:
            return  # another block's directory, or not a dump file
        with self._lock:
            if self._status.get(path) != WRITTEN:
                self._status[path] = WRITTEN if created else REUSED

    # ---- the manifest ----

    def as_json(self) -> Dict[str, Any]:
        import depyf

        with self._lock:
            files = [{"name": os.path.basename(path), "status": status} for path, status in self._status.items()]
        return {
            "depyf_run_manifest": MANIFEST_FORMAT,
            "run_id": self.run_id,
            "directory": self.directory,
            "state": self.state,
            "error": self.error,
            "started": self.started,
            "finished": self.finished,
            "process": {
                "pid": os.getpid(),
                "host": socket.gethostname(),
                "program": os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else None,
                "argv": list(sys.argv),
                "cwd": os.getcwd(),
                "python": sys.executable,
            },
            "versions": {
                "python": "%d.%d.%d" % sys.version_info[:3],
                "torch": _torch_version(),
                "depyf": getattr(depyf, "__version__", None),
            },
            "backends": list(self.backends),
            # Seconds of this run: torch's compile phases (where torch says) and depyf's own work.
            "timings": dict(self.timings),
            "files": files,
        }

    def save(self) -> None:
        os.makedirs(os.path.dirname(self.manifest), exist_ok=True)
        replace_atomically(self.manifest, _format_manifest(self.as_json()))

    def finish(self, error: Optional[BaseException] = None, backends: Optional[List[str]] = None) -> None:
        """Stops recording files and writes the final manifest and the index line."""
        self._stop_watching()
        self.finished = _now()
        if error is not None:
            self.state = "failed"
            self.error = "%s: %s" % (type(error).__name__, error)
        else:
            self.state = "finished"
        if backends:
            self.backends = list(backends)
        self.timings = {
            "torch_compile_phases": compile_times.since(self._compile_seconds_before),
            "depyf_own": round(own_time.seconds() - self._own_seconds_before, 6),
        }
        self.save()
        summary = {
            "run_id": self.run_id,
            "manifest": os.path.relpath(self.manifest, self.directory),
            "pid": os.getpid(),
            "program": os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None,
            "started": self.started,
            "finished": self.finished,
            "state": self.state,
            "files": len(self._status),
        }
        append_line(os.path.join(self.directory, RUNS_FOLDER, INDEX_NAME), json.dumps(summary))

    def summary(self) -> str:
        """One line for the terminal."""
        written, reused = len(self.written), len(self.reused)
        text = "depyf: this run wrote %d new file(s)" % written
        if reused:
            text += " and found %d identical one(s) already there" % reused
        return text + " in %s; the list is in %s" % (self.directory, os.path.relpath(self.manifest, self.directory))


def _format_manifest(manifest: Dict[str, Any]) -> str:
    """Indented JSON with one line per file, so the list reads like a listing."""
    head = dict(manifest)
    files = head.pop("files")
    text = json.dumps(head, indent=1)  # ends in "\n}"
    listing = ",\n".join("  " + json.dumps(entry) for entry in files)
    return text[:-2] + ',\n "files": [' + ("\n" + listing + "\n " if files else "") + "]\n}\n"


def list_runs(directory: str) -> List[Dict[str, Any]]:
    """The manifests of every run that dumped into `directory`, oldest first
    (runs still going, or that died, say state "running")."""
    folder = os.path.join(directory, RUNS_FOLDER)
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".json"))
    except OSError:
        return []
    runs = []
    for name in names:
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                runs.append(json.load(handle))
        except (OSError, ValueError):
            continue  # not a manifest
    runs.sort(key=lambda run: (str(run.get("started")), str(run.get("run_id"))))
    return runs
