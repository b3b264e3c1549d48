"""The third-party corpus: popular pure-Python packages from PyPI, pinned.

Code users decompile is not the standard library the sweeps were tuned on, so
the decompiler is also measured on these. Each package is pinned to a
release whose source still compiles on CPython 3.8 (the oldest supported
version) and whose sdist carries its own test suite where it has one. The
sdists come from the machine's configured package index (pip download) into
~/.cache/depyf/third-party (DEPYF_THIRD_PARTY_CACHE), once.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tarfile
from typing import List

CACHE = os.environ.get("DEPYF_THIRD_PARTY_CACHE", os.path.expanduser("~/.cache/depyf/third-party"))


@dataclasses.dataclass(frozen=True)
class Package:
    name: str  # the PyPI name
    version: str
    sources: List[str]  # the package's modules or folders, relative to the sdist's root
    path: str = "."  # what goes on sys.path, relative to the sdist's root ("src" for src layouts)
    tests: List[str] = dataclasses.field(default_factory=list)  # pytest arguments, relative to the sdist's root
    test_requires: List[str] = dataclasses.field(default_factory=list)  # beyond pytest

    @property
    def pin(self) -> str:
        return "%s==%s" % (self.name, self.version)

    @property
    def root(self) -> str:
        """Where the sdist is unpacked."""
        return os.path.join(CACHE, "src", "%s-%s" % (self.name, self.version))


PACKAGES: List[Package] = [
    Package("six", "1.16.0", ["six.py"], tests=["test_six.py"]),
    Package("idna", "3.7", ["idna"], tests=["tests"]),
    Package("more-itertools", "10.3.0", ["more_itertools"], tests=["tests"]),
    Package("toolz", "0.12.1", ["toolz", "tlz"], tests=["toolz/tests"]),
    Package("sortedcontainers", "2.4.0", ["sortedcontainers"]),
    Package("tabulate", "0.9.0", ["tabulate"], tests=["test"]),
    Package("packaging", "24.1", ["src/packaging"], "src", ["tests"], ["pretend"]),
    Package("pyparsing", "3.1.2", ["pyparsing"], tests=["tests"]),
    Package("attrs", "23.2.0", ["src/attr", "src/attrs"], "src", ["tests"], ["hypothesis"]),
    Package("click", "8.1.7", ["src/click"], "src", ["tests"]),
    Package("jinja2", "3.1.4", ["src/jinja2"], "src", ["tests"], ["markupsafe"]),
    Package("tomli", "2.0.1", ["src/tomli"], "src"),
    Package("boltons", "24.0.0", ["boltons"], tests=["tests"]),
    Package("wcwidth", "0.2.13", ["wcwidth"], tests=["tests"]),
    Package("cachetools", "5.3.3", ["src/cachetools"], "src", ["tests"]),
    Package("python-dateutil", "2.9.0", ["src/dateutil"], "src", ["tests"], ["six", "freezegun", "hypothesis"]),
    Package("pyflakes", "3.2.0", ["pyflakes"], tests=["pyflakes/test"]),
    Package("pycparser", "2.22", ["pycparser"], tests=["tests"]),
    Package("sqlparse", "0.5.0", ["sqlparse"], tests=["tests"]),
    Package("decorator", "5.1.1", ["src/decorator.py"], "src", ["src/tests"]),
]


def say(message: str) -> None:
    print("== third_party: " + message, file=sys.stderr, flush=True)


def fetch(packages: List[Package]) -> None:
    """Downloads and unpacks the sdists that are not in the cache yet."""
    sdists = os.path.join(CACHE, "sdists")
    missing = [p for p in packages if not os.path.isdir(p.root)]
    if not missing:
        return
    os.makedirs(sdists, exist_ok=True)
    say("downloading %d sdist(s) into %s" % (len(missing), sdists))
    command = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps"]
    command += ["--no-binary", ":all:", "-d", sdists] + [p.pin for p in missing]
    if subprocess.run(command).returncode != 0:
        raise SystemExit("pip download failed for %s" % ", ".join(p.pin for p in missing))
    by_prefix = {name.lower(): name for name in os.listdir(sdists)}
    for package in missing:
        wanted = ("%s-%s.tar.gz" % (package.name, package.version)).lower()
        found = by_prefix.get(wanted) or by_prefix.get(wanted.replace("-", "_", 1))
        if found is None:
            raise SystemExit("no sdist %s in %s" % (wanted, sdists))
        with tarfile.open(os.path.join(sdists, found)) as archive:
            top = archive.getnames()[0].split("/")[0]
            archive.extractall(os.path.join(CACHE, "src"))
        if os.path.join(CACHE, "src", top) != package.root:
            os.replace(os.path.join(CACHE, "src", top), package.root)
