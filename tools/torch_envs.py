"""Run depyf's torch.compile explainer suite under other PyTorch releases and Pythons.

The project's own environment is one Python (3.11) with one torch (2.13). A
PyTorch upgrade that moves a hook point breaks the explainer without touching
our code, and 3.14/3.15 users get torch only from PyPI's CUDA builds (which run
on the CPU too). This tool keeps one virtual environment per (Python, torch)
pair under ~/.cache/depyf/torch-envs (made on first use; several GB each, from
PyPI through the machine's own pip configuration) and runs the explainer tests
there against the depyf this tool's Python imports:

    python3 tools/torch_envs.py run --python 3.14 --torch 2.15.0 [-- PYTEST ARGS]
    python3 tools/torch_envs.py matrix --python 3.11 --torch 2.9.1,2.10.0,... \\
        --report docs/torch_matrix.md [--remove-after]

3.14 and 3.15 run inside the Debian unstable root of scripts/debian_pythons.sh;
their environments live under the home directory, which is the same path inside.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
from typing import Dict, List, Optional, Sequence

TOOLS = pathlib.Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))
from pythons import depyf_import_dir, find_python  # noqa: E402

ENVS = pathlib.Path(os.environ.get("DEPYF_TORCH_ENVS", os.path.expanduser("~/.cache/depyf/torch-envs")))
# The explainer suite: every test that drives torch.compile through depyf.
EXPLAINER_TESTS = [
    "python/test_torch_explain.py",
    "python/test_torch_graph_breaks.py",
    "python/test_torch_graph_files.py",
    "python/test_torch_side_effects.py",
    "python/test_torch_with_resume.py",
    "python/test_torch_dump_runs.py",
    "python/test_torch_breakpoints.py",
    "python/test_torch_compile_cache.py",
    "python/test_readability.py",
    "python/test_readable_rendering.py",
    "python/test_own_time.py",
]
# What CI runs on each Python that only PyPI's torch serves (scripts/test.sh):
# the dump, its rerunnable files and graph breaks, inside `with` blocks too, and the
# original depyf's names as vLLM drives them.
CI_SLICE = [
    "python/test_torch_explain.py",
    "python/test_torch_graph_files.py",
    "python/test_torch_graph_breaks.py",
    "python/test_torch_with_resume.py",
    "python/test_vllm_style_client.py",
]
EXTRA_PACKAGES = ["numpy", "pytest"]


def say(message: str) -> None:
    print("== torch_envs: " + message, flush=True)


def runner(minor: int) -> List[str]:
    """The command prefix that runs a program of this Python's world.

    A chroot interpreter's venv python exists only inside the root, so it runs
    through the root's debian-run wrapper; a host interpreter's runs directly.
    """
    python = find_python(minor)
    if not python:
        raise SystemExit(
            "no CPython 3.%d on this machine (%s)"
            % (minor, "run scripts/debian_pythons.sh as root" if minor >= 14 else "install it with pyenv")
        )
    run_inside = os.path.join(os.path.dirname(python), "debian-run")
    return [run_inside] if os.path.isfile(os.path.join(os.path.dirname(python), "chroot-root")) else []


def pip_environment(inside_root: bool) -> Dict[str, str]:
    """The environment for a venv's pip; inside the Debian root the host's local
    wheel folders do not exist, so its pip uses the index alone instead of warning
    about each of them."""
    env = dict(os.environ)
    if inside_root:
        env["PIP_CONFIG_FILE"] = os.devnull
        env.pop("PIP_FIND_LINKS", None)
    return env


def env_dir(minor: int, torch: str) -> pathlib.Path:
    return ENVS / ("py3.%d-torch%s" % (minor, torch))


def ensure_env(minor: int, torch: str) -> List[str]:
    """The command that runs the env's python; the env is made first if it is missing."""
    directory = env_dir(minor, torch)
    prefix = runner(minor)
    python = prefix + [str(directory / "bin" / "python")]
    ready = directory / ".depyf-ready"
    if ready.exists():
        return python
    python_path = find_python(minor)
    assert python_path
    say("making %s (torch %s from PyPI: a CUDA build of several GB; it runs on the CPU)" % (directory, torch))
    if directory.exists():
        shutil.rmtree(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([python_path, "-m", "venv", str(directory)], check=True)
    env = pip_environment(inside_root=bool(prefix))
    # The machine's pip constraint caps torch at the releases on its disk; the
    # release asked for here is what this run is for.
    env["PIP_CONSTRAINT"] = os.devnull
    started = time.time()
    subprocess.run(
        python + ["-m", "pip", "install", "-q", "--disable-pip-version-check", "torch==" + torch] + EXTRA_PACKAGES,
        check=True,
        env=env,
    )
    version = subprocess.run(
        python + ["-c", "import torch, sys; print(torch.__version__, sys.version.split()[0])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    ready.write_text(version + "\n")
    say("installed torch %s in %.0f s" % (version, time.time() - started))
    return python


def depyf_path() -> str:
    """PYTHONPATH that imports the depyf this tool's own Python imports (the
    installed package, or a checkout with its extension built, on PYTHONPATH):
    its abi3 extension loads under every version."""
    return depyf_import_dir()


def run_tests(minor: int, torch: str, pytest_args: Sequence[str], report_json: Optional[str] = None) -> int:
    python = ensure_env(minor, torch)
    import_dir = depyf_path()  # (also has the chroot bind the package's folder: set before the copy)
    env = dict(os.environ)
    env["PYTHONPATH"] = import_dir
    args = list(pytest_args) or EXPLAINER_TESTS
    command = python + ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfEs"] + args
    say("3.%d, torch %s: %s" % (minor, torch, " ".join(args)))
    # Shown as it comes (a suite takes minutes) and kept for the matrix's table.
    process = subprocess.Popen(
        command, cwd=str(ROOT / "tests"), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    lines: List[str] = []
    for line in process.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line)
    returncode = process.wait()
    if report_json:
        pathlib.Path(report_json).write_text(json.dumps({"returncode": returncode, "output": "".join(lines)}))
    return returncode


SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed)")


def summary_counts(output: str) -> Dict[str, int]:
    """Counts from pytest's last summary line ("3 failed, 40 passed, 2 skipped in 9.1s")."""
    lines = [line for line in output.splitlines() if " in " in line and SUMMARY.search(line)]
    counts: Dict[str, int] = {}
    if lines:
        for number, word in SUMMARY.findall(lines[-1]):
            counts["error" if word.startswith("error") else word] = int(number)
    return counts


def failed_tests(output: str) -> List[str]:
    """Failing tests by file and function, parameter sets counted: `file.py::test ×3`."""
    counts: Dict[str, int] = {}
    for match in re.finditer(r"^(?:FAILED|ERROR) (\S+)", output, re.M):
        name = match.group(1).split("[")[0].replace("python/", "")
        counts[name] = counts.get(name, 0) + 1
    return ["%s ×%d" % (name, n) if n > 1 else name for name, n in sorted(counts.items())]


def matrix(minor: int, torches: Sequence[str], report: Optional[str], remove_after: bool) -> int:
    rows = []
    for torch in torches:
        started = time.time()
        try:
            ensure_env(minor, torch)
        except subprocess.CalledProcessError as error:
            rows.append((torch, "could not be installed (%s)" % error, {}, []))
            continue
        scratch = ENVS / ("last-run-3.%d-%s.json" % (minor, torch))
        run_tests(minor, torch, [], str(scratch))
        output = json.loads(scratch.read_text())["output"]
        version = (env_dir(minor, torch) / ".depyf-ready").read_text().split()[0]
        rows.append((version, "%.0f s" % (time.time() - started), summary_counts(output), failed_tests(output)))
        if remove_after:
            shutil.rmtree(env_dir(minor, torch))
    lines = [
        "# The explainer suite on each PyTorch release",
        "",
        "Python 3.%d; every test of the torch.compile explainer (%d files: %s) run against this checkout's"
        % (minor, len(EXPLAINER_TESTS), ", ".join(pathlib.Path(t).name for t in EXPLAINER_TESTS)),
        "depyf with each torch release from PyPI (CUDA builds, run on the CPU; no GPU tests run).",
        "",
        "Command (%s): `python3 tools/torch_envs.py matrix --python 3.%d --torch %s --report docs/torch_matrix.md`"
        % (datetime.date.today().isoformat(), minor, ",".join(torches)),
        "",
        "| torch | passed | failed | errors | skipped | time | failing tests |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    worst = 0
    for version, took, counts, failures in rows:
        if not counts:
            lines.append("| %s | - | - | - | - | - | %s |" % (version, took))
            worst = 1
            continue
        if counts.get("failed") or counts.get("error"):
            worst = 1
        lines.append(
            "| %s | %d | %d | %d | %d | %s | %s |"
            % (
                version,
                counts.get("passed", 0),
                counts.get("failed", 0),
                counts.get("error", 0),
                counts.get("skipped", 0),
                took,
                ", ".join("`%s`" % f for f in failures) or "-",
            )
        )
    text = "\n".join(lines) + "\n"
    print(text)
    if report:
        pathlib.Path(report).write_text(text)
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run the explainer suite (or the given pytest arguments) in one environment")
    run.add_argument("--python", required=True, help="3.X")
    run.add_argument("--torch", required=True, help="a torch release, e.g. 2.15.0")
    run.add_argument("--ci-slice", action="store_true", help="only the tests CI runs here (%s)" % ", ".join(CI_SLICE))
    run.add_argument("pytest_args", nargs="*")
    table = sub.add_parser("matrix", help="the explainer suite on several torch releases, as a table")
    table.add_argument("--python", required=True)
    table.add_argument("--torch", required=True, help="comma-separated releases")
    table.add_argument("--report", help="write the table (markdown) here")
    table.add_argument("--remove-after", action="store_true", help="delete each environment after its run")
    args = parser.parse_args()
    minor = int(args.python.split(".")[1])
    if args.command == "run":
        return run_tests(minor, args.torch, (CI_SLICE if args.ci_slice else []) + args.pytest_args)
    return matrix(minor, args.torch.split(","), args.report, args.remove_after)


if __name__ == "__main__":
    sys.exit(main())
