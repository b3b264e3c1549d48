"""The source distribution holds what a build needs and the metadata users see.

Builds the sdist with scikit-build-core's PEP 517 hook (seconds: nothing is
compiled) and reads it. The wheel (zig-built for old glibc, auditwheel-checked,
installed into fresh 3.8 and 3.15 venvs) takes minutes: tools/build_dist.py,
run outside CI.
"""

from __future__ import annotations

import os
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> str:
    build = pytest.importorskip("scikit_build_core.build")
    out = str(tmp_path_factory.mktemp("sdist"))
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        name = build.build_sdist(out)
    finally:
        os.chdir(cwd)
    return os.path.join(out, name)


def test_sdist_holds_sources_licence_and_changelog(sdist: str) -> None:
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in (
        "pyproject.toml",
        "CMakeLists.txt",
        "LICENSE",
        "CHANGELOG.md",
        "README.md",
        "depyf/_version.py",
        "cpp/bindings/exports.map",
        "depyf/explain/global_variables.py",
        "depyf/report/templates/index.html",
        "depyf/report/static/report.js",
    ):
        assert needed in names, needed
    assert not any(name.startswith(("build/", "dist/")) for name in names)


def test_sdist_metadata(sdist: str) -> None:
    import depyf

    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/PKG-INFO") and m.name.count("/") == 1)
        info = archive.extractfile(member).read().decode()  # type: ignore[union-attr]
    fields = [line for line in info.splitlines() if ": " in line]
    assert "Version: %s" % depyf.__version__ in fields
    assert "Provides-Extra: torch" in fields
    assert "Provides-Extra: report" in fields
    assert any(line.startswith("License") for line in fields)
    for minor in range(8, 16):
        assert "Classifier: Programming Language :: Python :: 3.%d" % minor in fields
    assert any(line.startswith("Project-URL: ") for line in fields)
