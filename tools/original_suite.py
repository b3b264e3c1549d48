"""Run the original depyf's (0.20.0) own decompiler tests against this package.

    python3 tools/original_suite.py [--versions 3.8,3.11,3.15]

The tests are not part of this repository (they are the original project's
code): the script downloads the depyf 0.20.0 source distribution from PyPI
with pip, once, into ~/.cache/depyf/original-depyf/, and runs, as the
original's CI does, ``pytest tests/test.py tests/test_advanced.py`` and the
scripts ``tests/test_code_owner.py``, ``tests/test_ensure.py``,
``tests/assert.py`` and ``python_coverage.py``, under each interpreter with
this package importable and nothing else of the original on the path. Each
interpreter gets a small virtual environment with pytest (cached next to
the download). Exits 1 when anything fails, naming it; passing is what the
original's CI asks (pytest passes, each script exits 0).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from typing import List, Tuple

TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
from pythons import SUPPORTED_MINORS, depyf_import_dir, find_python  # noqa: E402
from torch_envs import runner  # noqa: E402

RELEASE = "0.20.0"
CACHE = os.path.join(os.path.expanduser("~"), ".cache", "depyf", "original-depyf")
PYTEST_RUNS = ["tests/test.py", "tests/test_advanced.py"]
SCRIPT_RUNS = ["tests/test_code_owner.py", "tests/test_ensure.py", "tests/assert.py", "python_coverage.py"]


def say(message: str) -> None:
    print("== original_suite: " + message, flush=True)


def original_tests() -> str:
    """The unpacked 0.20.0 source tree's folder (downloaded once)."""
    tree = os.path.join(CACHE, "depyf-%s" % RELEASE)
    if os.path.isfile(os.path.join(tree, "tests", "test.py")):
        return tree
    os.makedirs(CACHE, exist_ok=True)
    say("downloading depyf %s's source distribution from PyPI" % RELEASE)
    with tempfile.TemporaryDirectory() as download:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                "--no-build-isolation",
                "-d",
                download,
                "depyf==%s" % RELEASE,
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        archive = next(os.path.join(download, name) for name in os.listdir(download) if name.endswith(".tar.gz"))
        with tarfile.open(archive) as opened:
            members = [m for m in opened.getmembers() if m.isfile() and "/depyf_output/" not in m.name]
            opened.extractall(CACHE, members=members)
    return tree


def pytest_python(minor: int) -> List[str]:
    """The command running a virtual environment of CPython 3.<minor> with pytest, made once.

    (3.14 and 3.15 run inside the Debian root: their venv's python goes through its
    debian-run wrapper, as in tools/torch_envs.py.)
    """
    venv = os.path.join(CACHE, "venv-3.%d" % minor)
    python = runner(minor) + [os.path.join(venv, "bin", "python")]
    ready = os.path.join(venv, ".depyf-ready")
    if os.path.exists(ready):
        return python
    base = find_python(minor)
    assert base  # runner() has said how to get it otherwise
    say("making a 3.%d virtual environment with pytest in %s" % (minor, venv))
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([base, "-m", "venv", venv], check=True)
    # (Inside the Debian root the host's pip configuration names folders that do not exist there.)
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull) if runner(minor) else None
    subprocess.run(python + ["-m", "pip", "install", "-q", "pytest"], check=True, env=env)
    open(ready, "w").close()
    return python


def run_version(minor: int, tree: str) -> List[Tuple[str, bool, str]]:
    python = pytest_python(minor)
    # (A folder holding only a `depyf` link to this package; it also has the
    # chroot interpreters bind the package's folder.)
    site = depyf_import_dir()
    results = []
    with tempfile.TemporaryDirectory() as work:
        for name in ["tests", "python_coverage.py"]:  # the tests write files next to themselves
            source = os.path.join(tree, name)
            (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(work, name))
        env = dict(os.environ, PYTHONPATH=site, PYTHONDONTWRITEBYTECODE="1")
        commands = [
            ("pytest " + " ".join(PYTEST_RUNS), python + ["-m", "pytest", "-q", "-p", "no:cacheprovider"] + PYTEST_RUNS)
        ]
        commands += [(script, python + [script]) for script in SCRIPT_RUNS]
        for label, command in commands:
            proc = subprocess.run(
                command,
                cwd=work,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                universal_newlines=True,
                timeout=900,
            )
            results.append((label, proc.returncode == 0, proc.stdout))
    return results


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", default=",".join("3.%d" % m for m in SUPPORTED_MINORS))
    args = parser.parse_args(argv)
    tree = original_tests()
    failed = []
    for version in args.versions.split(","):
        minor = int(version.split(".")[1])
        for label, ok, output in run_version(minor, tree):
            last = output.strip().splitlines()[-1] if output.strip() else ""
            say("3.%d %s: %s (%s)" % (minor, label, "ok" if ok else "FAILED", last[:100]))
            if "Failed to decompile" in output:  # decompile_ensure's fallback: passes, but say it
                say("  (note: decompile_ensure fell back to a bare signature there)")
            if not ok:
                failed.append("3.%d %s" % (minor, label))
                print(output[-3000:])
    if failed:
        say("failed: " + ", ".join(failed))
        return 1
    say("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
