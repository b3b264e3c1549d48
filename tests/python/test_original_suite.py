"""The original depyf 0.20.0's own decompiler tests pass with this package, on every interpreter.

tools/original_suite.py downloads the original's source distribution from PyPI
(once; cached in ~/.cache/depyf/original-depyf) and runs its tests/test.py and
tests/test_advanced.py with pytest, and its script tests, under each
reference interpreter with only this package importable.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import TOOLS, VERSION_PARAMS, reference_python


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_original_suite_passes(minor: int) -> None:
    reference_python(minor)  # skips, saying why, where the interpreter is missing
    proc = subprocess.run(
        [sys.executable, os.path.join(TOOLS, "original_suite.py"), "--versions", "3.%d" % minor],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        universal_newlines=True,
        timeout=1200,
    )
    assert proc.returncode == 0, proc.stdout[-5000:]
    assert "89 passed" in proc.stdout, proc.stdout[-3000:]
