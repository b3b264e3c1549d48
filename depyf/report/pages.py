"""Writes the report of a dump: ``index.html`` at the top of the dump directory
and the pages it links in ``depyf_report/``.

One page per compiled function (its versions in cache order: why compiled,
graph breaks, guards, transformed code, graphs and kernels, resume
functions), one page per dump file (highlighted, numbered, with the path to
set a breakpoint in) and one per user source file a graph break or function
points at. Pages are static: no server, no network, assets copied beside them.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import shutil
from typing import Any, Dict, List, Optional, Tuple

from depyf.explain.dump_files import safe_name
from depyf.explain.full_code import guard_function
from depyf.report.code_html import code_html, style_css
from depyf.report.dump_reader import INDEX_NAME, REPORT_FOLDER, Dump, DumpFile, FunctionDoc, read_dump

_HERE = os.path.dirname(os.path.abspath(__file__))

# Phases of torch's compile timings the overview shows (the rest are inside them).
_TOP_PHASES = 12


def _environment() -> Any:
    import jinja2

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(_HERE, "templates")),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.globals["reason_html"] = _reason_html
    return environment


def _reason_html(reason: str) -> Any:
    """Dynamo's recompile reason: the failed guard as code, then where it came from.

    It reads ``0/0: scale == 2 # y = ... # file:line in f User stack trace: ...``:
    the guard is the part before the first ``#``.
    """
    import markupsafe

    guard, _, origin = str(reason).partition(" # ")
    text = markupsafe.Markup("<code>%s</code>") % guard
    if origin:
        text += markupsafe.Markup(' <span class="dim">%s</span>') % ("# " + origin)
    return text


def _read_text(path: str) -> Optional[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return None


def _file_page(name: str) -> str:
    return "file_%s.html" % name


class _SourcePages:
    """The user's source files the report links to, one page each, by path."""

    def __init__(self) -> None:
        self.pages: Dict[str, str] = {}

    def href(self, path: str, line: Any) -> Optional[str]:
        if not path or path.startswith("<"):
            return None
        if path not in self.pages:
            digest = hashlib.sha1(path.encode("utf-8")).hexdigest()[:10]
            base = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in os.path.basename(path))
            self.pages[path] = "src_%s_%s.html" % (digest, base)
        page = self.pages[path]
        return page + ("#L%s" % line if line else "")


class ReportWriter:
    def __init__(self, dump: Dump) -> None:
        self.dump = dump
        self.env = _environment()
        self.out = os.path.join(dump.directory, REPORT_FOLDER)
        self.sources = _SourcePages()
        # Where each graph and resume function is shown: name -> (function page, anchor).
        self.targets: Dict[str, Tuple[str, str]] = {}
        self.file_owner: Dict[str, FunctionDoc] = {}
        for doc in dump.functions:
            self.file_owner[doc.full_code] = doc
            for section in doc.sections:
                self.targets.setdefault(str(section["name"]), (doc.page, "sec-" + str(section["name"])))
                for version in section["versions"]:
                    if version.get("transformed_file"):
                        self.file_owner[version["transformed_file"]] = doc
                    for graph in version["graphs"]:
                        self.targets.setdefault(graph["name"], (doc.page, "graph-" + graph["name"]))
                        for file in dump.graph_files(graph["name"]):
                            self.file_owner[file.name] = doc

    # ---- links ----

    def _link_for(self, page: str):  # type: ignore[no-untyped-def]
        def link(name: str) -> Optional[str]:
            target = self.targets.get(name)
            if target is None:
                return None
            target_page, anchor = target
            return ("#" if target_page == page else target_page + "#") + anchor

        return link

    # ---- pages ----

    def _write(self, name: str, template: str, **values: Any) -> None:
        # Links are relative: from index.html into the report folder, from its pages back up.
        at_index = name == INDEX_NAME
        text = self.env.get_template(template).render(
            root="" if at_index else "../", report=REPORT_FOLDER + "/" if at_index else "", **values
        )
        target = os.path.join(self.dump.directory if at_index else self.out, name)
        aside = target + ".depyf-tmp"
        with open(aside, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(aside, target)

    def _breaks(self, version: Dict[str, Any]) -> List[Dict[str, Any]]:
        shown = []
        for brk in version["graph_breaks"]:
            where = brk.get("location") or {}
            reason = str(brk.get("reason", "")).strip() or "(no reason given)"
            shown.append(
                {
                    "headline": reason.splitlines()[0],
                    "details": "\n".join(line for line in reason.splitlines()[1:] if line.strip()),
                    "where": "%s:%s" % (where.get("file", "?"), where.get("line") or "?"),
                    "function": where.get("function", ""),
                    "source": where.get("source", ""),
                    "href": self.sources.href(where.get("file", ""), where.get("line")),
                    "frames": [
                        {
                            "where": "%s:%s in %s" % (f.get("file"), f.get("line") or "?", f.get("function")),
                            "href": self.sources.href(f.get("file", ""), f.get("line")),
                        }
                        for f in (brk.get("frames") or [])[:-1][::-1]
                    ],
                }
            )
        return shown

    def _guard_code(self, section: Dict[str, Any], version: Dict[str, Any]) -> str:
        name = "__guard_%d_for_%s" % (version["number"], safe_name(str(section["name"])))
        return code_html("\n".join(guard_function(name, version["guards"])) + "\n")

    def _function_page(self, doc: FunctionDoc) -> Dict[str, Any]:
        sections = []
        for section in doc.sections:
            versions = []
            for version in section["versions"]:
                transformed = version.get("transformed_file")
                file = self.dump.files.get(transformed) if transformed else None
                text = _read_text(file.path) if file else None
                graphs = []
                for graph in version["graphs"]:
                    files = self.dump.graph_files(graph["name"])
                    graphs.append(
                        {
                            "name": graph["name"],
                            "files": [{"name": f.name, "href": _file_page(f.name), "path": f.path} for f in files],
                        }
                    )
                versions.append(
                    {
                        "number": version["number"],
                        "watched": version["compiled_while_watched"],
                        "reasons": version["recompile_reasons"],
                        "breaks": self._breaks(version),
                        "guard_count": len(version["guards"]),
                        "guards_html": self._guard_code(section, version),
                        "transformed": transformed,
                        "transformed_path": file.path if file else None,
                        "transformed_href": _file_page(transformed) if file else None,
                        "transformed_html": code_html(text, self._link_for(doc.page)) if text is not None else None,
                        "graphs": graphs,
                        "resumes": [
                            {"name": name, "href": self._link_for(doc.page)(name)} for name in version["resumes"]
                        ],
                    }
                )
            sections.append(
                {
                    "name": section["name"],
                    "code_name": section["code_name"],
                    "resumed_by": section["resumed_by"],
                    "where": "%s:%s" % (section["file"], section["line"]),
                    "href": self.sources.href(section["file"], section["line"]),
                    "versions": versions,
                }
            )
        return {"doc": doc, "sections": sections}

    def _function_rows(self, pages: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        """The overview's row of each function, from its page's data (graph breaks as shown there)."""
        rows = []
        for doc, page in zip(self.dump.functions, pages):
            head = doc.sections[0] if doc.sections else {"versions": [], "file": "", "line": 0}
            versions = head["versions"]
            rows.append(
                {
                    "name": doc.name,
                    "href": doc.page,
                    "full_code": doc.full_code,
                    "where": "%s:%s" % (head["file"], head["line"]),
                    "source_href": self.sources.href(head["file"], head["line"]),
                    "versions": len(versions),
                    "recompiles": [
                        {"number": v["number"], "reasons": v["recompile_reasons"]}
                        for v in versions
                        if v["recompile_reasons"]
                    ],
                    "resume_functions": len(doc.sections) - 1,
                    "graphs": len({g["name"] for s in doc.sections for v in s["versions"] for g in v["graphs"]}),
                    "breaks": [
                        dict(
                            brk,
                            function=s["name"],
                            page=doc.page,
                            version=v["number"],
                            version_anchor="%s-v%d" % (s["name"], v["number"]),
                        )
                        for s in page["sections"]
                        for v in s["versions"]
                        for brk in v["breaks"]
                    ],
                }
            )
        return rows

    def _timings(self) -> Dict[str, Any]:
        phases: Dict[str, float] = {}
        own = 0.0
        for run in self.dump.runs:
            timings = run.get("timings") or {}
            own += float(timings.get("depyf_own", 0.0) or 0.0)
            for name, seconds in (timings.get("torch_compile_phases") or {}).items():
                phases[name] = phases.get(name, 0.0) + float(seconds)
        top = sorted(phases.items(), key=lambda item: -item[1])[:_TOP_PHASES]
        return {"phases": top, "depyf_own": own}

    def write(self) -> str:
        if os.path.isdir(self.out):
            shutil.rmtree(self.out)  # regenerated in place: no page of an earlier report is left
        os.makedirs(self.out)
        shutil.copy(os.path.join(_HERE, "static", "report.js"), os.path.join(self.out, "report.js"))
        with open(os.path.join(_HERE, "static", "report.css"), encoding="utf-8") as handle:
            css = handle.read()
        with open(os.path.join(self.out, "report.css"), "w", encoding="utf-8") as handle:
            handle.write(css + "\n/* Pygments */\n" + style_css() + "\n")
        pages = [self._function_page(doc) for doc in self.dump.functions]
        for doc, page in zip(self.dump.functions, pages):
            self._write(doc.page, "function.html", title=doc.name, **page)
        for file in self.dump.files.values():
            self._file(file)
        rows = self._function_rows(pages)
        self._source_pages()
        groups = {}
        for kind in ("transformed", "full_code", "graph", "kernel", "graph_breaks", "bytecode", "note", "other"):
            files = self.dump.of_kind(kind)
            if files:
                groups[kind] = [{"name": f.name, "href": _file_page(f.name), "size": f.size} for f in files]
        self._write(
            INDEX_NAME,
            "index.html",
            title="torch.compile report",
            directory=self.dump.directory,
            generated=datetime.datetime.now().isoformat(timespec="seconds"),
            runs=self.dump.runs,
            functions=rows,
            breaks=[brk for row in rows for brk in row["breaks"]],
            unclaimed=groups.get("graph_breaks", []),
            timings=self._timings(),
            groups=groups,
        )
        return os.path.join(self.dump.directory, INDEX_NAME)

    def _file(self, file: DumpFile) -> None:
        text = _read_text(file.path)
        owner = self.file_owner.get(file.name)
        page = _file_page(file.name)
        self._write(
            page,
            "file.html",
            title=file.name,
            file=file,
            owner={"name": owner.name, "href": owner.page} if owner else None,
            code_html=code_html(text, self._link_for(page), python=file.name.endswith(".py"))
            if text is not None
            else None,
        )

    def _source_pages(self) -> None:
        # Pages are added while the function pages are written; this writes them all.
        for path, page in sorted(self.sources.pages.items()):
            text = _read_text(path)
            self._write(
                page,
                "source.html",
                title=os.path.basename(path),
                path=path,
                code_html=code_html(text) if text is not None else None,
            )


def write_report(directory: str) -> str:
    """Writes the report of the dump in `directory`; returns the path of its index.html."""
    try:
        import jinja2  # noqa: F401
        import pygments  # noqa: F401
    except ImportError as error:
        raise RuntimeError(
            "depyf report needs Jinja2 and Pygments (%s); install them with: pip install 'depyf[report]'" % error
        ) from None
    return ReportWriter(read_dump(directory)).write()
