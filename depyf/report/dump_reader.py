"""What a prepare_debug dump directory holds, read back for the report.

The functions, their compiled versions, guards, graph breaks and resume
functions come from the data depyf writes beside each full_code file
(``depyf_runs/functions/*.json``); the runs from their manifests
(``depyf_runs/*.json``); every other file is recognised by the names the
explainer gives them (graphs ``__compiled_fn_N.<Stage>.K.py``, kernels
``__compiled_fn_N.kernel_K.py``, transformed code, graph breaks of frames
left uncompiled). Files no rule recognises are still listed: nothing in the
directory is left out of the report.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from typing import Any, Dict, List, Optional

from depyf.explain.dump_run import RUNS_FOLDER, list_runs

# Stages in the order torch.compile makes them; others follow by name.
STAGE_ORDER = [
    "pre_insert_deferred_runtime_asserts",
    "Captured_Graph",
    "tensorify_python_scalars",
    "Joint_graph",
    "Forward_graph",
    "Backward_graph",
    "BEFORE_PRE_GRAD",
    "AFTER_POST_GRAD",
]
REPORT_FOLDER = "depyf_report"
INDEX_NAME = "index.html"

_GRAPH_FILE = re.compile(r"^(__compiled_fn_\d+)\.(\w+?)\.(\d+)\.py$")
_KERNEL_FILE = re.compile(r"^(__compiled_fn_\w+?)\.kernel_(\d+)\.py$")


@dataclasses.dataclass
class DumpFile:
    name: str
    path: str
    kind: str  # graph, kernel, transformed, full_code, graph_breaks, bytecode, note, other
    owner: Optional[str] = None  # __compiled_fn_N for graphs and kernels
    stage: Optional[str] = None  # the graph stage, or "kernel_K"
    size: int = 0


@dataclasses.dataclass
class FunctionDoc:
    """One full_code file: a compiled function and the resume functions it continues in."""

    full_code: str  # the full_code file's name
    sections: List[Dict[str, Any]]  # FullCodeWriter.records: the function first, then resume functions

    @property
    def name(self) -> str:
        return str(self.sections[0]["code_name"]) if self.sections else self.full_code

    @property
    def page(self) -> str:
        return "fn_%s.html" % self.full_code[: -len(".py")]


@dataclasses.dataclass
class Dump:
    directory: str
    runs: List[Dict[str, Any]]
    functions: List[FunctionDoc]
    files: Dict[str, DumpFile]

    def graph_files(self, owner: str) -> List[DumpFile]:
        """The stages of one captured graph, in the order torch.compile makes them, then its kernels."""
        mine = [f for f in self.files.values() if f.owner == owner]
        return sorted(mine, key=_stage_key)

    def of_kind(self, kind: str) -> List[DumpFile]:
        return sorted((f for f in self.files.values() if f.kind == kind), key=lambda f: natural_key(f.name))


def _stage_key(file: DumpFile) -> Any:
    stage = file.stage or ""
    if file.kind == "kernel":
        return (len(STAGE_ORDER) + 1, stage, file.name)
    rank = STAGE_ORDER.index(stage) if stage in STAGE_ORDER else len(STAGE_ORDER)
    return (rank, stage, file.name)


def _classify(name: str, path: str) -> DumpFile:
    size = os.path.getsize(path)
    match = _KERNEL_FILE.match(name)
    if match:
        return DumpFile(name, path, "kernel", match.group(1), "kernel_" + match.group(2), size)
    match = _GRAPH_FILE.match(name)
    if match:
        return DumpFile(name, path, "graph", match.group(1), match.group(2), size)
    if name.startswith("__transformed_code_"):
        kind = "bytecode" if "_bytecode" in name else "transformed"
        return DumpFile(name, path, kind, size=size)
    if name.startswith("full_code_for_"):
        return DumpFile(name, path, "full_code", size=size)
    if name.startswith("graph_breaks_without_compiled_code_"):
        return DumpFile(name, path, "graph_breaks", size=size)
    if name.startswith("__compiled_fn_") and name.endswith(".txt"):
        return DumpFile(name, path, "note", name.split(".")[0], size=size)
    return DumpFile(name, path, "other", size=size)


def natural_key(name: str) -> List[Any]:
    """Sorts layer_2 before layer_10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _read_function_docs(directory: str) -> List[FunctionDoc]:
    folder = os.path.join(directory, RUNS_FOLDER, "functions")
    try:
        names = sorted(os.listdir(folder), key=natural_key)
    except OSError:
        return []
    docs = []
    for name in names:
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError):
            continue  # being written by another process, or not ours
        full_code = str(document.get("full_code", ""))
        if not os.path.exists(os.path.join(directory, full_code)):
            continue  # its full_code file was deleted: the data no longer describes the dump
        docs.append(FunctionDoc(full_code, list(document.get("functions", []))))
    return docs


def read_dump(directory: str) -> Dump:
    """Everything the report shows about `directory`; raises FileNotFoundError if it is not a directory."""
    directory = os.path.abspath(directory)
    if not os.path.isdir(directory):
        raise FileNotFoundError("no dump directory at %s" % directory)
    files: Dict[str, DumpFile] = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if name.startswith(".") or name == INDEX_NAME or not os.path.isfile(path):
            continue  # half-written files of a running dump, the report itself, folders
        files[name] = _classify(name, path)
    return Dump(directory, list_runs(directory), _read_function_docs(directory), files)
