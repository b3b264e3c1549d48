"""The disassembler agrees with dis: bundled examples, a stdlib slice per version, corrupt input.

(a) examples/pyc/*.pyc (3.8-3.15) against the committed .dis.jsonl listings
    and .dis.txt texts (what dis.dis prints), which are themselves checked
    against the matching interpreter's dis when it is present;
(b) every 20th .py file of each interpreter's standard library (Lib/test
    included) via tools/dis_sweep.py, in a subprocess so a crash is a failure;
(c) corrupt .pyc / marshal data must raise DecompilationError with a message,
    never crash; run in a subprocess for the same reason.

The full sweep (every file) is `python3 tools/dis_sweep.py`; see docs/dis_sweep.md.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import sys
import textwrap
from typing import Dict, List

import pytest
from conftest import REPO, TOOLS, VERSION_PARAMS, reference_python

from dis_reference import compare_listings, compare_text_listings, parse_json_lines

from depyf import _core  # noqa: E402  (built extension required)

PYC_DIR = os.path.join(REPO, "examples", "pyc")
SLICE_EVERY = 20


def example_pycs(minor: int) -> List[str]:
    return sorted(glob.glob(os.path.join(PYC_DIR, "*.cpython-3%d.pyc" % minor)))


def committed_listing(pyc_path: str, suffix: str = ".dis.jsonl") -> str:
    with open(pyc_path[: -len(".pyc")] + suffix, "r", encoding="utf-8") as handle:
        return handle.read()


def read_bytes(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def assert_same_listing(expected_text: str, actual_text: str, label: str) -> None:
    expected = parse_json_lines(expected_text)
    equal, problems = compare_listings(expected, parse_json_lines(actual_text))
    assert not problems, "%s: %d of %d code objects differ from dis:\n%s" % (
        label, len(expected) - equal, len(expected), "\n".join(problems[:10]))


# --------------------------------------------------------------------------
# (a) the bundled examples
# --------------------------------------------------------------------------


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_examples_pyc_agree_with_dis(minor: int) -> None:
    pycs = example_pycs(minor)
    assert pycs, "examples/pyc has no .pyc for 3.%d; run tools/make_examples.py" % minor
    for pyc in pycs:
        data = read_bytes(pyc)
        label = os.path.basename(pyc)
        assert_same_listing(committed_listing(pyc), _core.disassemble_pyc(data, True), label)
        assert_same_listing(committed_listing(pyc), _core.disassemble_marshal(data[16:], minor, True),
                            label + " (marshal)")


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_examples_text_listing(minor: int) -> None:
    for pyc in example_pycs(minor):
        data = read_bytes(pyc)
        expected = committed_listing(pyc, ".dis.txt")
        for label, text in (("pyc", _core.disassemble_pyc(data, False)),
                            ("marshal", _core.disassemble_marshal(data[16:], minor, False))):
            equal, problems = compare_text_listings(expected, text)
            assert not problems, "%s (%s): the text listing differs from dis.dis:\n%s" % (
                os.path.basename(pyc), label, "\n".join(problems[:10]))


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_committed_example_listings_match_the_interpreter(minor: int) -> None:
    python = reference_python(minor)
    env = dict(os.environ, PYTHONHASHSEED="0")  # as tools/make_examples.py runs it
    for pyc in example_pycs(minor):
        proc = subprocess.run([python, os.path.join(TOOLS, "dis_reference.py"), "pyc", pyc],
                              stdout=subprocess.PIPE, universal_newlines=True, check=True, cwd=REPO, env=env)
        assert parse_json_lines(proc.stdout) == parse_json_lines(committed_listing(pyc)), (
            "%s: the committed .dis.jsonl is stale; run tools/make_examples.py" % pyc)
        proc = subprocess.run([python, os.path.join(TOOLS, "dis_reference.py"), "pyc", "--text", pyc],
                              stdout=subprocess.PIPE, universal_newlines=True, check=True, cwd=REPO, env=env)
        assert proc.stdout == committed_listing(pyc, ".dis.txt"), (
            "%s: the committed .dis.txt is stale; run tools/make_examples.py" % pyc)


# --------------------------------------------------------------------------
# (b) a slice of each standard library
# --------------------------------------------------------------------------


@pytest.mark.parametrize("minor", VERSION_PARAMS)
def test_stdlib_slice_agrees_with_dis(minor: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    reference_python(minor)
    work = tmp_path_factory.mktemp("sweep-3.%d" % minor)
    summary_path = work / "summary.json"
    command = [sys.executable, os.path.join(TOOLS, "dis_sweep.py"), "--versions", "3.%d" % minor,
               "--every", str(SLICE_EVERY), "--offset", str(minor), "--marshal-every", "3",
               "--cache", str(work), "--json-summary", str(summary_path)]
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    assert summary_path.exists(), "the sweep did not finish (exit %d):\n%s" % (proc.returncode, proc.stdout[-5000:])
    summaries = json.loads(summary_path.read_text())
    pyc = [s for s in summaries if s["path"] == "pyc"][0]
    assert pyc["compared"] >= 60 and pyc["code_objects"] >= 1000, pyc
    assert proc.returncode == 0, "depyf and dis disagree on 3.%d:\n%s" % (minor, proc.stdout[-8000:])


# --------------------------------------------------------------------------
# (c) corrupt input
# --------------------------------------------------------------------------

CORRUPT_INPUT_SCRIPT = textwrap.dedent(
    r'''
    import json, random, sys
    from depyf import _core

    pyc_paths = json.loads(sys.argv[1])
    random.seed(20240601)
    failures = []
    counts = {"cases": 0, "errors": 0, "accepted": 0}

    def magic(number):
        return number.to_bytes(2, "little") + b"\r\n"

    def run(label, must_fail, fn, *args):
        print("CASE " + label, file=sys.stderr, flush=True)
        counts["cases"] += 1
        try:
            out = fn(*args)
        except _core.DecompilationError as exc:
            counts["errors"] += 1
            if not str(exc).strip():
                failures.append(label + ": DecompilationError without a message")
            return str(exc)
        except Exception as exc:
            failures.append("%s: %s instead of DecompilationError: %s" % (label, type(exc).__name__, exc))
            return None
        counts["accepted"] += 1
        if must_fail:
            failures.append(label + ": accepted (expected DecompilationError)")
        elif not isinstance(out, str):
            failures.append(label + ": returned %r" % type(out))
        return None

    def check_message(label, message, words):
        if message is not None and not any(w in message.lower() for w in words):
            failures.append("%s: unclear message %r (expected one of %s)" % (label, message, words))

    for path, minor in pyc_paths:
        data = open(path, "rb").read()
        name = path.rsplit("/", 1)[-1]
        positions = sorted(set(list(range(0, 40)) + list(range(40, len(data), max(1, len(data) // 150)))))
        for cut in positions:
            for as_json in (True, False):
                run("%s truncated to %d" % (name, cut), True, _core.disassemble_pyc, data[:cut], as_json)
            if cut > 16:
                run("%s marshal truncated to %d" % (name, cut), True, _core.disassemble_marshal, data[16:cut], minor, True)
        for k in range(300):
            flipped = bytearray(data)
            for _ in range(1 + k % 3):
                at = random.randrange(16, len(data))
                flipped[at] = random.randrange(256)
            run("%s bytes changed #%d" % (name, k), False, _core.disassemble_pyc, bytes(flipped), k % 2 == 0)
        for number, what in ((3394, "3.7"), (3700, "3.16"), (3750, "3.17"), (62211, "2.7"), (0, "zero")):
            message = run("%s with %s magic" % (name, what), True, _core.disassemble_pyc, magic(number) + data[4:], True)
            check_message("%s with %s magic" % (name, what), message, ("magic", "version", "support"))
        bad_flags = data[:4] + b"\x07\x00\x00\x00" + data[8:]
        run("%s with unknown header flags" % name, False, _core.disassemble_pyc, bad_flags, True)
        run("%s with trailing bytes" % name, False, _core.disassemble_pyc, data + b"\x00garbage", True)
        for wrong in (7, 16, 2, -1, 100):
            message = run("%s marshal as 3.%d" % (name, wrong), True, _core.disassemble_marshal, data[16:], wrong, True)
            check_message("%s marshal as 3.%d" % (name, wrong), message, ("version", "support", "3."))
        other = 8 if minor != 8 else 13
        run("%s marshal read as 3.%d" % (name, other), False, _core.disassemble_marshal, data[16:], other, True)

    header = open(pyc_paths[0][0], "rb").read()[:16]
    for size in (0, 1, 4, 15, 16, 17, 100, 5000):
        run("garbage of %d bytes" % size, True, _core.disassemble_pyc, bytes(random.randrange(256) for _ in range(size)), True)
        run("header + garbage of %d bytes" % size, False, _core.disassemble_pyc,
            header + bytes(random.randrange(256) for _ in range(size)), True)
        run("marshal garbage of %d bytes" % size, False, _core.disassemble_marshal,
            bytes(random.randrange(256) for _ in range(size)), 11, True)
    run("empty marshal", True, _core.disassemble_marshal, b"", 11, True)
    run("marshal None", True, _core.disassemble_marshal, b"N", 11, True)
    run("marshal int", True, _core.disassemble_marshal, b"\xe9\x01\x00\x00\x00", 11, True)
    for depth in (100, 3000, 200000):
        run("tuples nested %d deep" % depth, False, _core.disassemble_marshal, b")\x01" * depth + b"N", 12, True)
        run("lists nested %d deep" % depth, False, _core.disassemble_marshal, b"[\x01\x00\x00\x00" * depth + b"N", 12, True)
    run("dangling reference", True, _core.disassemble_marshal, b"r\x05\x00\x00\x00", 12, True)
    run("huge length", True, _core.disassemble_marshal, b"[\xff\xff\xff\x7f", 12, True)
    run("huge string", True, _core.disassemble_marshal, b"s\xff\xff\xff\x7fabc", 12, True)
    run("negative length", True, _core.disassemble_marshal, b"(\xff\xff\xff\xffN", 12, True)
    # Invalid UTF-8 quoted in an error message must still give a DecompilationError.
    run("float text not UTF-8", True, _core.disassemble_marshal, b"f\x03\xda\xda\xda", 8, True)
    run("complex text not UTF-8", True, _core.disassemble_marshal, b"x\x03\xda\xda\xda\x011", 8, True)

    print(json.dumps({"counts": counts, "failures": failures}))
    '''
)


def test_corrupt_input_raises_decompilation_error(tmp_path) -> None:
    pycs: List[List[object]] = []
    for minor in range(8, 16):
        pycs += [[path, minor] for path in example_pycs(minor)]
    script = tmp_path / "corrupt.py"
    script.write_text(CORRUPT_INPUT_SCRIPT)
    proc = subprocess.run([sys.executable, str(script), json.dumps(pycs)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=600)
    last_case = [line for line in proc.stderr.splitlines() if line.startswith("CASE ")][-1:]
    assert proc.returncode == 0, "the process died (exit %d) during %s:\n%s" % (
        proc.returncode, last_case, proc.stderr[-3000:])
    report: Dict[str, object] = json.loads(proc.stdout.splitlines()[-1])
    failures = report["failures"]
    assert not failures, "%d problems (of %s):\n%s" % (len(failures), report["counts"], "\n".join(failures[:40]))
