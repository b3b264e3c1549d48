"""Shared helpers for the Python tests: repository paths and the reference interpreters."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Optional

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(REPO, "tools")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from pythons import SUPPORTED_MINORS, find_python  # noqa: E402

VERSION_PARAMS = [pytest.param(minor, id="3.%d" % minor) for minor in SUPPORTED_MINORS]


def reference_python(minor: int) -> str:
    """The CPython 3.<minor> executable, or skip the test with the reason."""
    path = find_python(minor)
    if not path or not os.path.exists(path):
        how = "run scripts/debian_pythons.sh as root" if minor >= 14 else "install it with pyenv"
        pytest.skip("no CPython 3.%d interpreter on this machine (%s, or set DEPYF_PYTHON_3_%d)" % (minor, how, minor))
    return path


def _package_dir_of_current_import() -> Optional[str]:
    try:
        from depyf import _core  # type: ignore[attr-defined]
    except ImportError:
        return None
    return os.path.dirname(os.path.abspath(_core.__file__))


def installed_depyf_dir() -> str:
    """Directory of the depyf package that carries the built _core extension.

    A source checkout on sys.path can shadow the installed package; then ask
    an isolated interpreter (no current directory on sys.path) where it is.
    """
    found = _package_dir_of_current_import()
    if found:
        return found
    probe = "import os, depyf._core as c; print(os.path.dirname(os.path.abspath(c.__file__)))"
    proc = subprocess.run(
        [sys.executable, "-I", "-c", probe],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        cwd="/",
    )
    if proc.returncode != 0:
        pytest.fail("depyf._core is not built/installed: run `pip install --no-build-isolation .`\n" + proc.stderr)
    return proc.stdout.strip()
