"""One tools/difftest/worker.py subprocess under one interpreter, with a timeout per program.

The runner and the minimiser both talk to workers through this: a program
that hangs the worker (a decompiled loop that never ends and swallows the
worker's own alarm) or kills it (a crash in the decompiler) comes back as
a "hang" or "crash" result, and the next program gets a fresh worker.
"""

from __future__ import annotations

import json
import os
import pathlib
import queue
import subprocess
import sys
import threading
from typing import Dict, Optional

HERE = pathlib.Path(__file__).resolve().parent
TOOLS = HERE.parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))
from pythons import depyf_import_dir  # noqa: E402

from difftest.generator import Program  # noqa: E402


def _forward(stream, lines: "queue.Queue[Optional[str]]") -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


class WorkerProcess:
    def __init__(self, python: str, timeout: float = 30.0, call_seconds: float = 1.0) -> None:
        self.python = python
        self.timeout = timeout
        self.call_seconds = call_seconds
        self.process: Optional[subprocess.Popen] = None
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()

    def _start(self) -> None:
        env = dict(os.environ, PYTHONPATH=depyf_import_dir(), PYTHONHASHSEED="0")
        self.process = subprocess.Popen(
            [self.python, str(HERE / "worker.py"), str(self.call_seconds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
        )
        self.lines = queue.Queue()
        threading.Thread(target=_forward, args=(self.process.stdout, self.lines), daemon=True).start()

    def check(self, program: Program) -> Dict[str, object]:
        """The worker's result for one program (see worker.py), or a "hang"/"crash" result."""
        if self.process is None or self.process.poll() is not None:
            self._start()
        assert self.process is not None and self.process.stdin is not None
        request = {"id": program.ident, "source": program.source, "inputs": program.inputs}
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return self._lost("crash", "the worker died before reading the program", program)
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            return self._lost("hang", "no result in %.0fs" % self.timeout, program)
        if line is None:
            return self._lost("crash", "the worker died (exit %s)" % self.process.wait(), program)
        return json.loads(line)

    def _lost(self, status: str, detail: str, program: Program) -> Dict[str, object]:
        self.close()
        return {"id": program.ident, "status": status, "detail": detail}

    def close(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            self.process = None
