"""Find the reference interpreters (CPython 3.8-3.15) on this machine.

Every tool that compiles or disassembles with "the matching interpreter" goes
through here, so a missing one is reported the same way everywhere. 3.8-3.13
come from pyenv; 3.14 and 3.15 from the Debian unstable root that
scripts/debian_pythons.sh makes (they run under chroot, through wrappers).
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from typing import Dict, List, Optional

SUPPORTED_MINORS: List[int] = [8, 9, 10, 11, 12, 13, 14, 15]

# Where scripts/debian_pythons.sh puts its wrappers (python3.14, python3.15).
DEBIAN_BIN = os.environ.get("DEPYF_DEBIAN_BIN", "/opt/depyf-debian-sid/bin")


def _install_hint(minor: int) -> str:
    if minor >= 14:
        return "run `bash scripts/debian_pythons.sh` (as root)"
    return "install it with pyenv"


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
    wrapper = os.path.join(DEBIAN_BIN, "python3.%d" % minor)
    if os.access(wrapper, os.X_OK):
        return wrapper
    return shutil.which("python3.%d" % minor)


def host_path(python: str, path: str) -> str:
    """`path` as the interpreter `python` sees it, as a path on this machine.

    The chroot interpreters see their own root as /; paths bound in from the
    host (/tmp, the home directory, the checkout) mean the same on both sides,
    and those are the ones that exist here too.
    """
    marker = os.path.join(os.path.dirname(python), "chroot-root")
    if os.path.isabs(path) and os.path.isfile(marker) and not os.path.exists(path):
        with open(marker) as handle:
            root = handle.read().strip()
        return root + path
    return path


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
            "missing reference interpreter(s): %s. %s, or point DEPYF_PYTHON_3_<minor> at one."
            % (", ".join(missing), "; ".join(sorted({"%s: %s" % (v, _install_hint(int(v[2:]))) for v in missing})))
        )
    for version in missing:
        print(
            "warning: no CPython %s found; skipping it (%s)" % (version, _install_hint(int(version[2:]))),
            file=sys.stderr,
        )
    return found


TEST_DIR_NAMES = frozenset(["test", "tests", "idle_test"])


def stdlib_root(python: str) -> str:
    """The Lib/ directory of an interpreter (its stdlib, without site-packages)."""
    import subprocess

    seen_inside = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return host_path(python, seen_inside)


def is_test_file(relative_path: str) -> bool:
    parts = relative_path.replace(os.sep, "/").split("/")
    return any(part in TEST_DIR_NAMES for part in parts[:-1]) or parts[-1].startswith("test_")


def stdlib_sources(python: str, include_tests: bool = True) -> List[str]:
    """Every .py file of an interpreter's standard library, sorted; site-packages excluded."""
    root = stdlib_root(python)
    found: List[str] = []
    for directory, subdirs, files in os.walk(root):
        relative_dir = os.path.relpath(directory, root)
        subdirs[:] = sorted(d for d in subdirs if d not in ("site-packages", "__pycache__"))
        for name in files:
            if not name.endswith(".py"):
                continue
            relative = os.path.normpath(os.path.join(relative_dir, name))
            if include_tests or not is_test_file(relative):
                found.append(os.path.join(root, relative))
    return sorted(found)


def depyf_import_dir() -> str:
    """A directory that, on PYTHONPATH, makes the installed depyf importable by any 3.8-3.13.

    The extension is one abi3 binary, so other interpreters can load the very
    package installed for this one; a directory holding only a `depyf`
    symlink gives them that without the rest of this site-packages.
    """
    import importlib.util
    import tempfile

    # Locate the installed package without importing it: this process need
    # not load the extension (and must not hold it while it is reinstalled).
    spec = importlib.util.find_spec("depyf")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("depyf is not installed for %s; run scripts/install.sh" % sys.executable)
    package = os.path.abspath(list(spec.submodule_search_locations)[0])
    if not any(name.startswith("_core") for name in os.listdir(package)):
        raise SystemExit(
            "%s has no compiled extension (is the source checkout shadowing the installed package?)" % package
        )
    # One directory per package location: sweeps from different checkouts
    # (git worktrees) run side by side without re-pointing each other's link.
    import hashlib

    # The chroot interpreters (3.14, 3.15) see only bound paths: have their
    # wrappers bind the package's folder too (the variable reaches them
    # through the environment of every subprocess).
    binds = os.environ.get("DEPYF_DEBIAN_BINDS", "").split()
    if package not in binds:
        os.environ["DEPYF_DEBIAN_BINDS"] = " ".join(binds + [package])
    tag = hashlib.sha1(package.encode()).hexdigest()[:10]
    directory = os.path.join(tempfile.gettempdir(), "depyf-import-%d-%s" % (os.getuid(), tag))
    os.makedirs(directory, exist_ok=True)
    link = os.path.join(directory, "depyf")
    if os.path.islink(link) and os.readlink(link) != package:
        os.unlink(link)
    try:
        os.symlink(package, link)
    except FileExistsError:  # made already, perhaps by a parallel run
        pass
    return directory
