"""Totals and markdown tables of a readability benchmark report (see readability.py)."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Sequence

BEGIN_MARKER = "<!-- readability-benchmark:begin (written by benchmarks/readability.py --markdown) -->"
END_MARKER = "<!-- readability-benchmark:end -->"

# (column title, key in a run's totals); the ratio is recomputed from its two parts.
COLUMNS = (
    ("files", "transformed_files"),
    ("stmts", "statements"),
    ("orig", "original_statements"),
    ("ratio", "ratio"),
    ("temps", "temporaries"),
    ("dead", "dead_blocks"),
    ("shuffles", "slice_shuffles"),
    ("uuids", "uuid_names"),
    ("uuids (dump)", "uuid_names_in_dump"),
    ("uuid file names", "uuid_file_names"),
    ("undecompiled", "undecompiled"),
    ("not run", "not_running_from_file"),
    ("resume orig stmts", "resume_original_statements"),
    ("resume orig noise", "resume_original_noise"),
    ("undecompiled in full_code", "undecompiled_in_full_code"),
)


def _ratio(statements_with_original: float, original: float) -> float:
    return round(statements_with_original / original, 2) if original else 0.0


def backend_totals(runs: List[Dict[str, Any]], backends: Sequence[str]) -> Dict[str, Dict[str, Any]]:
    """Per backend: every count summed over the programs that ran, and how many gave results equal to eager."""
    totals: Dict[str, Dict[str, Any]] = {}
    for backend in backends:
        summed: Dict[str, Any] = {"programs": 0, "equal": 0, "not_equal": 0, "skipped": 0}
        for run in runs:
            if run["backend"] != backend:
                continue
            if run["status"] == "skipped":
                summed["skipped"] += 1
                continue
            summed["programs"] += 1
            summed["equal" if run["status"] == "equal" else "not_equal"] += 1
            for key, value in run["totals"].items():
                if key != "ratio":
                    summed[key] = summed.get(key, 0) + value
        summed["ratio"] = _ratio(summed.get("statements_with_original", 0), summed.get("original_statements", 0))
        totals[backend] = summed
    return totals


def _result_cell(run: Dict[str, Any]) -> str:
    if run["status"] == "equal":
        return "equal"
    return "%s: %s" % (run["status"], run.get("error", "")[:80].replace("|", "\\|"))


def markdown_tables(report: Dict[str, Any], backends: Sequence[str]) -> str:
    environment = report["environment"]
    lines = [
        "Produced by `%s` (%.0f s) at commit %s, torch %s, Python %s, %s CPUs; depyf from `%s`."
        % (
            report["command"],
            report.get("seconds", 0),
            environment["commit"],
            environment["torch"],
            environment["python"],
            environment["cpus"],
            environment["depyf"],
        ),
        "",
        (
            "Totals per backend (programs that ran; ratio = statements / original statements, over files whose "
            "original is known):"
        ),
        "",
        "| backend | programs | equal to eager | " + " | ".join(title for title, _key in COLUMNS) + " |",
        "|---|---:|---:|" + "---:|" * len(COLUMNS),
    ]
    for backend in backends:
        summed = report["totals"][backend]
        lines.append(
            "| %s | %d | %d | " % (backend, summed["programs"], summed["equal"])
            + " | ".join(str(summed.get(key, 0)) for _title, key in COLUMNS)
            + " |"
        )
    for backend in backends:
        lines += [
            "",
            "**%s**" % backend,
            "",
            "| program | result | " + " | ".join(title for title, _key in COLUMNS) + " |",
            "|---|---|" + "---:|" * len(COLUMNS),
        ]
        for run in report["runs"]:
            if run["backend"] != backend:
                continue
            lines.append(
                "| %s | %s | " % (run["program"], _result_cell(run))
                + " | ".join(str(run["totals"].get(key, 0)) for _title, key in COLUMNS)
                + " |"
            )
    return "\n".join(lines) + "\n"


def write_markdown_section(path: str, tables: str) -> None:
    """Puts `tables` between the markers of `path` (or appends markers and tables when it has none)."""
    text = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    section = BEGIN_MARKER + "\n\n" + tables + "\n" + END_MARKER
    if BEGIN_MARKER in text and END_MARKER in text:
        before = text[: text.index(BEGIN_MARKER)]
        after = text[text.index(END_MARKER) + len(END_MARKER) :]
        text = before + section + after
    else:
        text = (text.rstrip("\n") + "\n\n" if text else "") + section + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
