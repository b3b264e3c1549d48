"""Behaviour check: run the standard library's own tests against decompiled modules.

    python3 tools/behaviour_check.py [--versions 3.8,3.13] [--modules textwrap,json] [--report docs/behaviour.md]

For each interpreter and each pure-Python module with a `test.test_<module>`
suite (single files, and packages: every file of the package except its
tests): compile the module there, decompile its marshal data with this
checkout's depyf (functions it cannot decompile keep their bytecode, as
`depyf decompile` does), put the source first on that interpreter's path and
run the module's tests. Where tests fail, the same
tests run against a copy of the original source put on the path the same
way (some tests look for files next to the module): only failures that
copy does not have count. The round trip (tools/roundtrip.py) says whether
the bytecode is the same; this says whether the code that differs still behaves
the same, and catches a wrong decompilation that happens to compile.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
from pythons import TEST_DIR_NAMES, all_pythons, depyf_import_dir, stdlib_root  # noqa: E402

from depyf.decompiler import functions_kept_as_bytecode  # noqa: E402

# Single-file modules whose test suite runs in seconds and needs no network.
DEFAULT_MODULES = [
    "base64", "bisect", "calendar", "colorsys", "copy", "difflib", "fnmatch", "fractions", "getopt", "glob",
    "graphlib", "heapq", "keyword", "numbers", "operator", "pprint", "quopri", "reprlib", "sched", "shlex",
    "statistics", "string", "textwrap", "timeit", "tokenize", "dataclasses", "ipaddress", "configparser",
    "optparse", "argparse", "contextlib", "functools", "queue", "secrets", "shutil", "tempfile", "gettext",
    "plistlib", "netrc", "pickletools", "stringprep", "zipapp", "filecmp", "fileinput", "linecache", "cmd",
    "codeop", "hmac", "mimetypes", "pyclbr", "runpy", "tabnanny", "uuid", "weakref", "typing", "inspect",
]

# Packages, with the test suites that exercise them where they are not just
# `test.test_<package>`. Suites a version lacks are left out; a package with
# none on a version is skipped there.
DEFAULT_PACKAGES: Dict[str, List[str]] = {
    "json": ["test.test_json"],
    "email": ["test.test_email"],
    "collections": ["test.test_collections"],
    "html": ["test.test_html", "test.test_htmlparser"],
    "urllib": ["test.test_urlparse", "test.test_urllib", "test.test_urllib2", "test.test_robotparser"],
    "http": ["test.test_http_cookies", "test.test_http_cookiejar", "test.test_httplib"],
    "xml": ["test.test_minidom", "test.test_pulldom", "test.test_sax", "test.test_xml_etree", "test.test_xml_dom_minicompat"],
    "wsgiref": ["test.test_wsgiref"],
    "tomllib": ["test.test_tomllib"],
    "zoneinfo": ["test.test_zoneinfo"],
    "dbm": ["test.test_dbm", "test.test_dbm_dumb"],
    "lib2to3": ["test.test_lib2to3"],
    "distutils": ["test.test_distutils"],
    "logging": ["test.test_logging"],
    "sqlite3": ["test.test_sqlite", "test.test_sqlite3"],
    "unittest": ["test.test_unittest"],
    "xmlrpc": ["test.test_xmlrpc"],
    "importlib": ["test.test_importlib"],
}

# Runs under the reference interpreter: the module's tests, as JSON counts.
RUN_TESTS = r"""
import importlib, json, sys, unittest, warnings
name, expect_dir, test_names = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
warnings.simplefilter("ignore")
module = importlib.import_module(name)
where = getattr(module, "__file__", "") or ""
if expect_dir and not where.startswith(expect_dir):
    print("BEHAVIOUR_RESULT", json.dumps({"skipped": "the interpreter loads %s from %s" % (name, where or "a frozen module")}))
    raise SystemExit(0)
suite = unittest.defaultTestLoader.loadTestsFromNames(test_names)
with open(__import__("os").devnull, "w") as sink:
    result = unittest.TextTestRunner(stream=sink, verbosity=0).run(suite)
import re
# Test names may hold object addresses, which differ from run to run.
failed = sorted(re.sub(r"0x[0-9a-f]+", "0x?", str(test)) for test, _ in result.failures + result.errors)
# (Tests may print to stdout too: the result line is marked.)
print("BEHAVIOUR_RESULT", json.dumps({"run": result.testsRun, "failed": failed}))
"""


_STDLIB_DIRECTORIES: Dict[str, str] = {}


def stdlib_directory(python: str) -> str:
    if python not in _STDLIB_DIRECTORIES:
        _STDLIB_DIRECTORIES[python] = stdlib_root(python)
    return _STDLIB_DIRECTORIES[python]


def decompiled_source(python: str, path: str, minor: int) -> str:
    """The module compiled by `python`, decompiled by this checkout."""
    dump = "import marshal, sys; sys.stdout.buffer.write(marshal.dumps(compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')))"
    data = subprocess.run([python, "-c", dump, path], stdout=subprocess.PIPE, check=True).stdout
    env = dict(os.environ, PYTHONPATH=depyf_import_dir())
    proc = subprocess.run([sys.executable, "-m", "depyf", "decompile", "--marshal", "--python", "3.%d" % minor, "-"],
                          input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode("utf-8", "replace").strip())
    return proc.stdout.decode("utf-8")


def module_files(python: str, name: str) -> Optional[Dict[str, str]]:
    """The module's source files, relative path -> absolute path (a package's tests left out)."""
    root = stdlib_directory(python)
    single = os.path.join(root, name + ".py")
    if os.path.exists(single):
        return {name + ".py": single}
    package = os.path.join(root, name)
    if not os.path.exists(os.path.join(package, "__init__.py")):
        return None
    files: Dict[str, str] = {}
    for directory, subdirectories, names in os.walk(package):
        subdirectories[:] = sorted(d for d in subdirectories if d not in TEST_DIR_NAMES and d != "__pycache__")
        for file_name in sorted(names):
            if file_name.endswith(".py"):
                path = os.path.join(directory, file_name)
                files[os.path.relpath(path, root)] = path
    return files


def test_suites(python: str, name: str) -> List[str]:
    """The test modules of `name` that this interpreter's stdlib has."""
    wanted = DEFAULT_PACKAGES.get(name, ["test.test_" + name])
    test_dir = os.path.join(stdlib_directory(python), "test")
    return [t for t in wanted if os.path.exists(os.path.join(test_dir, t.split(".")[1] + ".py"))
            or os.path.isdir(os.path.join(test_dir, t.split(".")[1]))]


def write_tree(out: str, files: Dict[str, str], sources: Optional[Dict[str, str]]) -> None:
    """The module's files under `out`: decompiled sources, or copies of the originals when None."""
    for relative, path in files.items():
        target = os.path.join(out, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if sources is None:
            with open(path, "rb") as original_file, open(target, "wb") as copy:
                copy.write(original_file.read())
        else:
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(sources[relative])


def run_tests(python: str, name: str, suites: List[str], path_dir: Optional[str], timeout: float) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if path_dir:
        env["PYTHONPATH"] = path_dir
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    with tempfile.TemporaryDirectory() as cwd:
        try:
            proc = subprocess.run([python, "-c", RUN_TESTS, name, path_dir or "", ",".join(suites)], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=env, cwd=cwd, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": "tests took over %d s" % timeout}
    marker = "BEHAVIOUR_RESULT "
    lines = [line for line in proc.stdout.decode("utf-8", "replace").splitlines() if line.startswith(marker)]
    if proc.returncode != 0 or not lines:
        return {"error": "test run failed: " + proc.stderr.decode("utf-8", "replace").strip()[-600:]}
    return json.loads(lines[-1][len(marker):])


def check_module(python: str, minor: int, name: str, timeout: float = 300.0) -> dict:
    """One module or package on one interpreter: {"status": ok/behaviour/error/skipped, ...}."""
    files = module_files(python, name)
    if files is None:
        return {"status": "skipped", "detail": "no module or package %s" % name}
    suites = test_suites(python, name)
    if not suites:
        return {"status": "skipped", "detail": "no test suite for %s" % name}
    sources: Dict[str, str] = {}
    for relative, path in files.items():
        try:
            sources[relative] = decompiled_source(python, path, minor)
        except (RuntimeError, subprocess.CalledProcessError) as error:
            return {"status": "error", "detail": "decompile %s: %s" % (relative, error)}
    kept = sum(len(functions_kept_as_bytecode(source)) for source in sources.values())
    with tempfile.TemporaryDirectory() as out:
        write_tree(out, files, sources)
        result = run_tests(python, name, suites, out, timeout)
    if "skipped" in result:
        return {"status": "skipped", "detail": result["skipped"]}
    if "error" in result:
        return {"status": "error", "detail": result["error"], "kept": kept}
    failed = set(result["failed"])
    if failed:
        # The control: the original source, from a directory of its own
        # too (some tests look for files next to the module).
        with tempfile.TemporaryDirectory() as out:
            write_tree(out, files, None)
            original = run_tests(python, name, suites, out, timeout)
        failed -= set(original.get("failed", []))
    status = "behaviour" if failed else "ok"
    return {"status": status, "run": result["run"], "failed": sorted(failed), "kept": kept, "files": len(files)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--versions", help="comma-separated, e.g. 3.8,3.13 (default: every interpreter found)")
    parser.add_argument("--modules", help="comma-separated module or package names (default: the built-in lists)")
    parser.add_argument("--report", help="write a Markdown table here")
    args = parser.parse_args()
    pythons: Dict[int, str] = all_pythons(required=True)
    if args.versions:
        wanted = {int(v.split(".")[1]) for v in args.versions.split(",")}
        pythons = {m: p for m, p in pythons.items() if m in wanted}
    modules = args.modules.split(",") if args.modules else DEFAULT_MODULES + list(DEFAULT_PACKAGES)
    rows: List[str] = ["| version | modules checked | same behaviour | tests run | behaviour differs | errors | functions kept as bytecode |",
                       "|---|---|---|---|---|---|---|"]
    problems: List[str] = []
    started = time.time()
    for minor, python in sorted(pythons.items()):
        counts = {"ok": 0, "behaviour": 0, "error": 0, "skipped": 0}
        tests = kept = 0
        for name in modules:
            result = check_module(python, minor, name)
            counts[result["status"]] += 1
            tests += result.get("run", 0)
            kept += result.get("kept", 0)
            line = "3.%d %s: %s" % (minor, name, result["status"])
            if result["status"] in ("behaviour", "error"):
                detail = result.get("detail") or ", ".join(result.get("failed", [])[:5])
                problems.append("%s: %s" % (line, detail))
                line += " (%s)" % detail[:200]
            print(line, file=sys.stderr, flush=True)
        checked = counts["ok"] + counts["behaviour"] + counts["error"]
        rows.append("| 3.%d | %d | %d | %d | %d | %d | %d |" % (minor, checked, counts["ok"], tests, counts["behaviour"],
                                                                counts["error"], kept))
    text = "\n".join(["# Behaviour check: stdlib tests against decompiled modules", "",
                      "Command: `python3 tools/behaviour_check.py%s`" % (" " + " ".join(sys.argv[1:]) if sys.argv[1:] else ""),
                      "(%.0f s)" % (time.time() - started), ""] + rows + [""] +
                     (["## Problems", ""] + ["- " + p for p in problems] if problems else []))
    print(text)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
