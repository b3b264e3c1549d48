"""The `depyf` command line: listings, JSON, marshal input and clean errors."""

from __future__ import annotations

import json
import marshal
import os
import pathlib
import shutil
import subprocess
import sys
from typing import List

import pytest
from conftest import VERSION_PARAMS, installed_depyf_dir, reference_python
from dis_reference import compare_text_listings

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "pyc").glob("*.pyc"))


def run_depyf(args: List[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "depyf", *args], input=stdin, capture_output=True, timeout=120, cwd=ROOT / "tests"
    )


def test_examples_exist_for_every_version() -> None:
    names = " ".join(p.name for p in EXAMPLES)
    for minor in range(8, 16):
        assert "3%d" % minor in names, "no bundled example .pyc for 3.%d" % minor


@pytest.mark.parametrize("pyc", EXAMPLES, ids=lambda p: p.name)
def test_text_listing_of_examples(pyc: pathlib.Path) -> None:
    result = run_depyf(["dis", str(pyc)])
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "LOAD_CONST" in text or "RETURN_CONST" in text
    assert "Disassembly of" in text  # nested code objects are listed too


@pytest.mark.parametrize("pyc", EXAMPLES, ids=lambda p: p.name)
def test_json_listing_is_one_object_per_code_object(pyc: pathlib.Path) -> None:
    result = run_depyf(["dis", "--json", str(pyc)])
    assert result.returncode == 0, result.stderr
    objects = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert objects[0]["name"] == "<module>"
    assert len(objects) > 3
    for obj in objects:
        assert set(obj) == {"name", "qualname", "firstlineno", "instructions", "exception_table", "line_starts"}
        assert obj["instructions"], obj["name"]


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_cli_under_each_interpreter_prints_what_dis_prints(minor: int, tmp_path) -> None:
    """`python3.X -m depyf dis [--json]` (the abi3 extension loaded by that interpreter) on its own examples."""
    python = reference_python(minor)
    package = installed_depyf_dir()
    pycs = [p for p in EXAMPLES if p.name.endswith(".cpython-3%d.pyc" % minor)]
    assert pycs
    env = dict(
        os.environ,
        PYTHONPATH=os.path.dirname(package),
        PYTHONHASHSEED="0",
        DEPYF_DEBIAN_BINDS=" ".join(filter(None, [os.environ.get("DEPYF_DEBIAN_BINDS", ""), package])),
    )
    for pyc in pycs:
        for flags, suffix in (([], ".dis.txt"), (["--json"], ".dis.jsonl")):
            result = subprocess.run(
                # Not from the checkout: `-m` puts the working directory first on the path,
                # and a fresh checkout's depyf folder has no compiled extension.
                [python, "-m", "depyf", "dis", *flags, str(pyc)],
                capture_output=True,
                timeout=120,
                cwd=str(tmp_path),
                env=env,
            )
            assert result.returncode == 0, result.stderr.decode()[-2000:]
            expected = pyc.with_name(pyc.name[: -len(".pyc")] + suffix).read_bytes()
            if flags:
                assert result.stdout == expected, "%s %s differs from the committed %s" % (pyc.name, flags, suffix)
            else:  # frozensets may list in another order (see dis_reference.same_text_piece)
                equal, problems = compare_text_listings(expected.decode(), result.stdout.decode())
                assert not problems, "%s: %s" % (pyc.name, "\n".join(problems[:5]))


def test_console_script_matches_module() -> None:
    # The script installed with this interpreter's depyf (PATH may name
    # another one, e.g. a pyenv shim when the tests run in a venv).
    script = os.path.join(os.path.dirname(sys.executable), "depyf")
    if not os.path.exists(script):
        script = shutil.which("depyf")
    if script is None:
        pytest.skip("the depyf console script is not installed")
    pyc = str(EXAMPLES[-1])
    via_script = subprocess.run([script, "dis", "--json", pyc], capture_output=True, timeout=60)
    via_module = run_depyf(["dis", "--json", pyc])
    assert via_script.returncode == 0
    assert via_script.stdout == via_module.stdout


def test_marshal_from_stdin_matches_running_dis() -> None:
    import dis

    def sample(a, b=2):
        return [x * b for x in a if x]

    minor = sys.version_info[1]
    result = run_depyf(["dis", "--json", "--marshal", "--python", "3.%d" % minor, "-"], marshal.dumps(sample.__code__))
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.decode().splitlines()[0])
    expected = [[i.offset, i.opname, i.arg] for i in dis.get_instructions(sample.__code__)]
    assert [[i["offset"], i["opname"], i["arg"]] for i in first["instructions"]] == expected


@pytest.mark.parametrize(
    "args, data, message",
    [
        (["dis", "-"], b"", "shorter than the 16-byte header"),
        (["dis", "-"], b"\x00" * 40, "magic"),
        (["dis", "--marshal", "--python", "3.12", "-"], b"\xe3\x00", "truncated"),
        (["dis", "--marshal", "-"], b"\xe3", "--python"),
        (["dis", "--marshal", "--python", "3.99", "-"], b"N", "unsupported"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(args: List[str], data: bytes, message: str) -> None:
    result = run_depyf(args, data)
    assert result.returncode == 1
    lines = result.stderr.decode().strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("depyf: error:")
    assert message in lines[0].lower() or message in lines[0]
    assert result.stdout == b""


def test_missing_file_is_a_clean_error(tmp_path: pathlib.Path) -> None:
    result = run_depyf(["dis", str(tmp_path / "absent.pyc")])
    assert result.returncode == 1
    assert len(result.stderr.decode().strip().splitlines()) == 1


def test_unsupported_version_is_named(tmp_path: pathlib.Path) -> None:
    data = bytearray(EXAMPLES[0].read_bytes())
    data[0:2] = (3700).to_bytes(2, "little")  # a 3.16 magic
    path = tmp_path / "future.pyc"
    path.write_bytes(bytes(data))
    result = run_depyf(["dis", str(path)])
    assert result.returncode == 1
    assert "3.16" in result.stderr.decode()


def test_version_is_one_number_everywhere() -> None:
    """`depyf --version`, depyf.__version__ and the installed metadata say the same release (depyf/_version.py)."""
    import depyf

    proc = subprocess.run([sys.executable, "-m", "depyf", "--version"], stdout=subprocess.PIPE, universal_newlines=True)
    assert proc.returncode == 0 and proc.stdout.strip() == "depyf " + depyf.__version__
    major, minor = (int(part) for part in depyf.__version__.split(".")[:2])
    assert (major, minor) >= (0, 21), "the successor of depyf 0.20 must not look older to pip"
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        installed = distribution("depyf")
    except PackageNotFoundError:
        pytest.skip("depyf is not installed as a distribution here (run from a source tree)")
    imported = os.path.realpath(depyf.__file__)
    if os.path.realpath(str(installed.locate_file("depyf/__init__.py"))) != imported:
        pytest.skip("the depyf imported (%s) is a source tree, not the installed distribution" % imported)
    assert installed.version == depyf.__version__
