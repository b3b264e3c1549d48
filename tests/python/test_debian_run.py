"""The 3.14/3.15 wrappers of scripts/debian_pythons.sh on a machine that is reused.

CI checks out each run into a fresh folder and deletes it afterwards; the Debian
root keeps the bind mount of the deleted folder. The next run, in a folder made
again at the same path, must see its own files inside, not fail to bind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid

import pytest
from conftest import reference_python


def _run_inside(python: str, folder: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [python, "-c", "import os; print(sorted(os.listdir('.')))"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_folder_deleted_and_made_again_is_seen_inside() -> None:
    python = reference_python(14)
    if os.geteuid() != 0:
        pytest.skip("bind mounts need root")
    # A top-level folder: the wrapper binds the caller's top-level folder, as it does for CI's checkout.
    top = "/depyf-reused-%s" % uuid.uuid4().hex[:8]
    folder = os.path.join(top, "work")
    try:
        for round_number in range(2):
            os.makedirs(folder)
            marker = "round-%d" % round_number
            open(os.path.join(folder, marker), "w").close()
            result = _run_inside(python, folder)
            assert result.returncode == 0, result.stderr
            assert result.stdout.strip() == repr([marker])
            shutil.rmtree(top)
    finally:
        shutil.rmtree(top, ignore_errors=True)
        # Leave no mount of the deleted folder behind: the next call drops it.
        subprocess.run([python, "-c", "pass"], capture_output=True, timeout=120)
