"""Find the reference interpreters (CPython 3.8-3.13) on this machine.

Every tool that compiles or disassembles with "the matching interpreter" goes
through here, so a missing one is reported the same way everywhere.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from typing import Dict, List, Optional

SUPPORTED_MINORS: List[int] = [8, 9, 10, 11, 12, 13]


def find_python(minor: int) -> Optional[str]:
    """Path of a CPython 3.<minor> executable, or None."""
    override = os.environ.get("DEPYF_PYTHON_3_%d" % minor)
    if override:
        return override
    if sys.version_info[:2] == (3, minor):
        return sys.executable
    roots = [os.environ.get("PYENV_ROOT", ""), os.path.expanduser("~/.pyenv"), "/root/.pyenv"]
    for root in roots:
        if not root:
            continue
        candidates = sorted(glob.glob(os.path.join(root, "versions", "3.%d.*" % minor, "bin", "python3.%d" % minor)))
        if candidates:
            return candidates[-1]
    return shutil.which("python3.%d" % minor)


def all_pythons(required: bool = False) -> Dict[int, str]:
    """Map minor -> interpreter path; with required=True a missing one is an error."""
    found: Dict[int, str] = {}
    missing: List[str] = []
    for minor in SUPPORTED_MINORS:
        path = find_python(minor)
        if path:
            found[minor] = path
        else:
            missing.append("3.%d" % minor)
    if missing and required:
        raise SystemExit(
            "missing reference interpreter(s): %s. Install them (for example with pyenv) "
            "or point DEPYF_PYTHON_3_<minor> at one." % ", ".join(missing)
        )
    for version in missing:
        print("warning: no CPython %s found; skipping it" % version, file=sys.stderr)
    return found
