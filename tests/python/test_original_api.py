"""The original depyf's (0.20) decompiler-side names work on EVERY interpreter 3.8-3.15.

original_api_checks.py runs under each reference interpreter with this
package importable (a symlink named ``depyf`` to it, as in
test_live_code_all_versions.py) and checks depyf.utils, depyf.code_transform,
Decompiler's class interface, decompile() of partials, bound methods,
callable instances, lru_cache wrappers and classes, and full defs with
defaults and annotations.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from conftest import VERSION_PARAMS, installed_depyf_dir, reference_python

CHECKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "original_api_checks.py")


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_original_api_names(minor: int, tmp_path: "os.PathLike[str]") -> None:
    python = reference_python(minor)
    package = installed_depyf_dir()
    site = os.path.join(str(tmp_path), "site")
    os.mkdir(site)
    os.symlink(package, os.path.join(site, "depyf"))
    # The chroot interpreters (3.14, 3.15) see the package's folder only when their wrapper binds it.
    binds = " ".join(filter(None, [os.environ.get("DEPYF_DEBIAN_BINDS", ""), package, os.path.dirname(CHECKS)]))
    env = dict(os.environ, PYTHONPATH=site, PYTHONDONTWRITEBYTECODE="1", DEPYF_DEBIAN_BINDS=binds)
    proc = subprocess.run(
        [python, CHECKS],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        env=env,
        cwd=str(tmp_path),
        timeout=300,
    )
    assert proc.returncode == 0, "3.%d: the checks did not run (exit %d):\n%s" % (minor, proc.returncode, proc.stderr)
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["version"].startswith("3.%d." % minor)
    assert len(report["checked"]) >= 10, report["checked"]
    assert not report["failures"], "3.%d:\n%s" % (minor, "\n".join(report["failures"]))
