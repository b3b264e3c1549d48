"""`depyf report`: the HTML report of a dump, checked as a person sees it.

A small program with graph breaks and recompilations is dumped; the report
must show every function, version, guard, graph break and graph stage, every
link must lead to a page (and anchor) of the report, nothing may point off the
machine, and in a real browser (Debian's Chromium, headless) the pages run
their script without error, the search box works, no request other than to
the report's own files is made, and a screenshot is kept
(build/test-output/report/).
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
import urllib.parse
from html.parser import HTMLParser
from typing import Dict, List, Set, Tuple

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("jinja2")
pytest.importorskip("pygments")
import depyf  # noqa: E402
from depyf.cli import main as cli_main  # noqa: E402
from depyf.report.dump_reader import read_dump  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(REPO, "build", "test-output", "report")


def clipped_scale(x, scale):
    y = torch.relu(x) * scale
    if y.sum() > 1:  # data-dependent branch: a graph break, two resume functions
        y = y - 1
    return torch.tanh(y)


def centred(x):
    return x - x.mean()


def squashed(x):
    return torch.sigmoid(x) * 3


@pytest.fixture(scope="module")
def dump(tmp_path_factory) -> str:
    torch._dynamo.reset()
    directory = str(tmp_path_factory.mktemp("report") / "dump")
    compiled = torch.compile(clipped_scale, backend="aot_eager")
    other = torch.compile(centred, backend="eager")
    with depyf.prepare_debug(directory):
        for scale in (2, 3):  # an int argument is specialised: the second call recompiles
            x = torch.randn(8, requires_grad=True)
            assert torch.allclose(compiled(x, scale), clipped_scale(x, scale))
        other(torch.randn(5))
        torch.compile(squashed, backend="inductor")(torch.randn(6))  # Inductor: kernels
    torch._dynamo.reset()
    assert cli_main(["report", directory]) == 0
    return directory


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: List[str] = []
        self.ids: Set[str] = set()

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, str]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"])
        for name in ("href", "src"):
            if values.get(name):
                self.links.append(values[name])


def _pages(directory: str) -> Dict[str, _Links]:
    paths = [os.path.join(directory, "index.html")]
    report = os.path.join(directory, "depyf_report")
    paths += [os.path.join(report, name) for name in sorted(os.listdir(report)) if name.endswith(".html")]
    parsed = {}
    for path in paths:
        links = _Links()
        with open(path, encoding="utf-8") as handle:
            links.feed(handle.read())
        parsed[path] = links
    return parsed


def _text(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return html.unescape(handle.read())


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: List[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _visible(path: str) -> str:
    """The page's text as a reader sees it: highlighted code without its markup."""
    parser = _Visible()
    with open(path, encoding="utf-8") as handle:
        parser.feed(handle.read())
    return "".join(parser.parts)


def _assert_links_resolve(directory: str) -> None:
    """Every link of every page leads to a file of the report (and an anchor in it); none leaves the machine."""
    pages = _pages(directory)
    assert len(pages) > 5
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urllib.parse.urlsplit(link)
            assert not parts.scheme and not parts.netloc, "%s points off the machine: %s" % (page, link)
            target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(parts.path)))
            if not parts.path:
                target = page
            assert os.path.isfile(target), "%s links to a missing file: %s" % (page, link)
            if parts.fragment and target in pages:
                assert parts.fragment in pages[target].ids, "%s links to a missing anchor: %s" % (page, link)
    for name in os.listdir(os.path.join(directory, "depyf_report")):
        if name.endswith((".css", ".js")):
            text = _text(os.path.join(directory, "depyf_report", name))
            assert "http:" not in text and "https:" not in text and "@import" not in text, name


def test_every_link_resolves_and_nothing_leaves_the_machine(dump):
    _assert_links_resolve(dump)


def test_every_function_version_guard_break_and_stage_is_shown(dump):
    model = read_dump(dump)
    index = _visible(os.path.join(dump, "index.html"))
    names = {doc.name for doc in model.functions}
    assert {"clipped_scale", "centred"} <= names
    breaks = 0
    for doc in model.functions:
        assert doc.name in index
        markup = _text(os.path.join(dump, "depyf_report", doc.page))
        page = _visible(os.path.join(dump, "depyf_report", doc.page))
        for section in doc.sections:
            assert 'id="sec-%s"' % section["name"] in markup
            for version in section["versions"]:
                assert 'id="%s-v%d"' % (section["name"], version["number"]) in markup
                for guard in version["guards"]:
                    assert guard["text"] in page
                for brk in version["graph_breaks"]:
                    breaks += 1
                    assert brk["reason"].splitlines()[0] in index
                    assert brk["reason"].splitlines()[0] in page
                for reason in version["recompile_reasons"]:
                    assert reason in index and reason in page
                for graph in version["graphs"]:
                    for file in model.graph_files(graph["name"]):
                        assert "file_%s.html" % file.name in markup
    assert breaks >= 1
    head = next(doc for doc in model.functions if doc.name == "clipped_scale").sections[0]
    # Versions are in cache order (the newest first): one of the two was a recompilation.
    assert len(head["versions"]) == 2
    assert sum(bool(version["recompile_reasons"]) for version in head["versions"]) == 1
    stages = {file.stage for file in model.files.values() if file.kind == "graph"}
    assert {"Captured_Graph", "Forward_graph", "Backward_graph"} <= stages
    kernels = [file for file in model.files.values() if file.kind == "kernel"]
    assert kernels
    squashed_page = _text(
        os.path.join(dump, "depyf_report", next(d.page for d in model.functions if d.name == "squashed"))
    )
    for kernel in kernels:
        assert "file_%s.html" % kernel.name in squashed_page
    for file in model.files.values():  # every file of the dump has its page
        assert os.path.isfile(os.path.join(dump, "depyf_report", "file_%s.html" % file.name))


def test_calls_link_to_graphs_and_resume_functions(dump):
    model = read_dump(dump)
    doc = next(doc for doc in model.functions if doc.name == "clipped_scale")
    page = _text(os.path.join(dump, "depyf_report", doc.page))
    version = doc.sections[0]["versions"][0]
    graph = version["graphs"][0]["name"]
    assert 'href="#graph-%s">%s</a>' % (graph, graph) in page
    assert version["resumes"]
    for resume in version["resumes"]:
        assert 'href="#sec-%s">%s</a>' % (resume, resume) in page
    assert os.path.abspath(os.path.join(dump, version["transformed_file"])) in page  # where to set a breakpoint


def test_regenerated_in_place(dump):
    stray = os.path.join(dump, "depyf_report", "file_removed_since.py.html")
    with open(stray, "w") as handle:
        handle.write("old")
    assert cli_main(["report", dump]) == 0
    assert not os.path.exists(stray)


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no Chromium on this machine (scripts/test.sh installs Debian's chromium)")


def _browse(url: str, extra: List[str], tmp_path) -> subprocess.CompletedProcess:
    command = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        # Less of the browser's own traffic (updates, time checks); the net log tells it from the page's.
        "--disable-background-networking",
        "--disable-component-update",
        "--user-data-dir=%s" % (tmp_path / "profile"),
        # Any attempt to reach a host fails at once instead of waiting on a network.
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--window-size=1400,1600",
        *extra,
        url,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def _page_requests(net_log: str) -> List[str]:
    """Network requests the page made, from Chromium's net log.

    Pages opened from disk load their own files without the network stack; the
    log records network requests only, each with its initiator: the browser's
    own (update checks and the like) say "not an origin", a page's its origin.
    """
    with open(net_log, encoding="utf-8") as handle:
        text = handle.read()
    try:
        log = json.loads(text)
    except ValueError:  # a log cut short ends inside its list of events
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    requests = []
    for event in log.get("events", []):
        params = event.get("params") or {}
        if event.get("type") == start_job and "url" in params and params.get("initiator") != "not an origin":
            requests.append(params["url"])
    return requests


@pytest.mark.parametrize("page", ["index.html", "function"])
def test_pages_render_in_a_browser(dump, page, tmp_path):
    model = read_dump(dump)
    if page == "function":
        page = "depyf_report/" + next(doc.page for doc in model.functions if doc.name == "clipped_scale")
    url = "file://" + os.path.join(dump, page)
    net_log = str(tmp_path / "net.json")
    result = _browse(url, ["--dump-dom", "--log-net-log=%s" % net_log], tmp_path)
    dom = result.stdout
    assert 'data-report-ready="1"' in dom, "the page's script did not finish: %s" % result.stderr[-2000:]
    assert "data-script-errors" not in dom
    assert not _page_requests(net_log), "the page reached for the network"
    os.makedirs(SCREENSHOTS, exist_ok=True)
    shot = os.path.join(SCREENSHOTS, os.path.basename(page).replace(".html", ".png"))
    _browse(url, ["--screenshot=%s" % shot], tmp_path)
    assert os.path.getsize(shot) > 10_000
    print("screenshot: %s" % shot)


def test_search_box_filters_in_a_browser(dump, tmp_path):
    url = "file://" + os.path.join(dump, "index.html")
    dom = _browse(url + "?q=centred", ["--dump-dom"], tmp_path).stdout
    rows = [row for row in dom.split("<tr") if 'class="searchable' in row.split(">")[0]]
    shown = [row for row in rows if "hidden-by-search" not in row.split(">")[0]]
    assert rows and shown and len(shown) < len(rows)
    assert all("centred" in row for row in shown)


def test_prepare_debug_writes_the_report_when_asked(tmp_path, capsys):
    torch._dynamo.reset()
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory, report=True):
        torch.compile(centred, backend="eager")(torch.randn(4))
    torch._dynamo.reset()
    index = os.path.join(directory, "index.html")
    assert "report: open %s" % index in capsys.readouterr().err
    assert "centred" in _visible(index)


def test_a_directory_without_a_dump_and_a_missing_one(tmp_path, capsys):
    assert cli_main(["report", str(tmp_path)]) == 0
    assert "No compiled function was recorded" in _visible(str(tmp_path / "index.html"))
    assert cli_main(["report", str(tmp_path / "missing")]) == 1
    assert "not a directory" in capsys.readouterr().err


def test_a_dump_of_two_processes(tmp_path):
    directory = str(tmp_path / "shared")
    script = os.path.join(REPO, "tests", "python", "torch_scripts", "spawn_ranks.py")
    result = subprocess.run([sys.executable, script, directory], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert cli_main(["report", directory]) == 0
    model = read_dump(directory)
    index = _visible(os.path.join(directory, "index.html"))
    assert len(model.runs) == 2 and len({run["process"]["pid"] for run in model.runs}) == 2
    for run in model.runs:
        assert run["run_id"] in index
    assert model.functions and all(doc.name == "rank_work" for doc in model.functions)
    _assert_links_resolve(directory)
