"""A dump directory a person can trust: each prepare_debug run keeps a
manifest of the files it wrote or found already there, so files of earlier
runs or of other processes sharing the directory are never taken for this
run's, while the files themselves keep their places and names."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")
import depyf  # noqa: E402
from depyf.explain.dump_files import write_unique  # noqa: E402
from depyf.explain.dump_run import DumpRun, list_runs  # noqa: E402

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_scripts")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOOKKEEPING = ("depyf_runs",)


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


def scaled_sin(x):
    y = x.sin() * 2
    print("a graph break")
    return y + 1


def shifted_cos(x):
    return x.cos() - 1


def read_manifest(run: DumpRun) -> dict:
    with open(run.manifest, encoding="utf-8") as handle:
        return json.load(handle)


def dumped(directory: str) -> set:
    """Every dump file in the directory (not the run records)."""
    return {os.path.join(directory, name) for name in os.listdir(directory) if name not in BOOKKEEPING}


def test_the_run_lists_its_files_in_its_manifest(tmp_path):
    directory = str(tmp_path / "dump")
    x = torch.randn(5)
    with depyf.prepare_debug(directory) as run:
        assert isinstance(run, DumpRun)
        assert read_manifest(run)["state"] == "running"  # written when the block starts
        result = torch.compile(scaled_sin, backend="aot_eager")(x)
    assert torch.allclose(result, scaled_sin(x))
    manifest = read_manifest(run)
    assert manifest["state"] == "finished" and manifest["error"] is None
    assert manifest["started"] <= manifest["finished"]
    assert manifest["process"]["pid"] == os.getpid()
    assert manifest["versions"]["torch"] == torch.__version__
    assert manifest["backends"] == ["aot_eager"]
    # The files stay at the top of the directory, and the manifest names all of them.
    assert set(run.files) == dumped(directory)
    assert [entry["name"] for entry in manifest["files"]] == [os.path.basename(path) for path in run.files]
    assert {entry["status"] for entry in manifest["files"]} == {"written"}
    names = {os.path.basename(path) for path in run.files}
    assert any(name.startswith("full_code_for_scaled_sin_") for name in names)
    assert any(name.startswith("__transformed_code_0_for_torch_dynamo_resume_in_scaled_sin_") for name in names)
    assert any(".Forward_graph." in name for name in names)


def test_an_earlier_runs_files_are_not_this_runs(tmp_path):
    directory = str(tmp_path / "dump")
    with depyf.prepare_debug(directory) as first:
        torch.compile(scaled_sin, backend="eager")(torch.randn(5))
    torch._dynamo.reset()
    with depyf.prepare_debug(directory) as second:
        torch.compile(shifted_cos, backend="eager")(torch.randn(5))
    second_names = {os.path.basename(path) for path in second.files}
    assert any(name.startswith("full_code_for_shifted_cos_") for name in second_names)
    assert not any("scaled_sin" in name for name in second_names)
    assert set(first.files) | set(second.files) == dumped(directory)
    runs = list_runs(directory)
    assert [run["run_id"] for run in runs] == [first.run_id, second.run_id]
    with open(os.path.join(directory, "depyf_runs", "index.jsonl"), encoding="utf-8") as handle:
        index = [json.loads(line) for line in handle]
    assert [(line["run_id"], line["files"]) for line in index] == [
        (first.run_id, len(first.files)),
        (second.run_id, len(second.files)),
    ]


def test_a_file_already_there_with_the_same_content_is_reused(tmp_path):
    directory = str(tmp_path / "dump")
    template = os.path.join(directory, "note_%s.txt")
    with depyf.prepare_debug(directory) as first:
        write_unique(template, lambda _path: "same text")
    with depyf.prepare_debug(directory) as second:
        write_unique(template, lambda _path: "same text")  # found in place
        write_unique(template, lambda _path: "other text")  # note_0 is taken: note_1
    assert first.written == [os.path.join(directory, "note_0.txt")]
    assert second.reused == [os.path.join(directory, "note_0.txt")]
    assert second.written == [os.path.join(directory, "note_1.txt")]
    assert read_manifest(second)["files"] == [
        {"name": "note_0.txt", "status": "reused"},
        {"name": "note_1.txt", "status": "written"},
    ]


def test_driven_by_hand_like_vllm(tmp_path):
    directory = str(tmp_path / "dump")
    context = depyf.prepare_debug(directory)
    run = context.__enter__()
    torch.compile(shifted_cos, backend="eager")(torch.randn(5))
    context.__exit__(None, None, None)
    assert read_manifest(run)["state"] == "finished"
    assert set(run.files) == dumped(directory) and run.files


def test_a_failing_block_says_so(tmp_path):
    directory = str(tmp_path / "dump")
    with pytest.raises(ValueError, match="user error"):
        with depyf.prepare_debug(directory) as run:
            torch.compile(shifted_cos, backend="eager")(torch.randn(5))
            raise ValueError("user error")
    manifest = read_manifest(run)
    assert manifest["state"] == "failed" and manifest["error"] == "ValueError: user error"
    assert [entry["name"] for entry in manifest["files"]] == [os.path.basename(p) for p in run.files]


def test_blocks_on_two_directories_keep_their_own_lists(tmp_path):
    outer_dir, inner_dir = str(tmp_path / "outer"), str(tmp_path / "inner")
    with depyf.prepare_debug(outer_dir) as outer:
        with depyf.prepare_debug(inner_dir) as inner:
            torch.compile(shifted_cos, backend="eager")(torch.randn(5))
    assert set(outer.files) == dumped(outer_dir) and outer.files
    assert set(inner.files) == dumped(inner_dir) and inner.files


def run_ranks(directory: str) -> list:
    """Two processes dump into `directory` at once; their manifests."""
    result = subprocess.run(
        [sys.executable, os.path.join(SCRIPTS, "spawn_ranks.py"), directory],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    manifests = []
    for rank in range(2):
        with open(os.path.join(directory, "manifest_of_rank_%d.txt" % rank), encoding="utf-8") as handle:
            with open(handle.read(), encoding="utf-8") as manifest:
                manifests.append(json.load(manifest))
    return manifests


def test_processes_sharing_a_directory_each_list_their_files(tmp_path):
    directory = str(tmp_path / "shared")
    script_outputs = {"result_0.txt", "result_1.txt", "manifest_of_rank_0.txt", "manifest_of_rank_1.txt"}
    runs = []
    for _ in range(2):  # the same job twice into the same directory
        manifests = run_ranks(directory)
        assert len({m["process"]["pid"] for m in manifests}) == 2
        for manifest in manifests:
            assert manifest["state"] == "finished"
            assert any(e["name"].startswith("full_code_for_rank_work_") for e in manifest["files"])
            for entry in manifest["files"]:
                assert os.path.exists(os.path.join(directory, entry["name"]))
        runs.append(manifests)
    # The second job dumps some files exactly as the first did: found in place, not copied.
    assert any(entry["status"] == "reused" for manifest in runs[1] for entry in manifest["files"])
    # Every dump file comes from some run's manifest; the latest job's lists
    # hold only what it wrote or found identical in place.
    on_disk = {os.path.basename(p) for p in dumped(directory)} - script_outputs
    listed = {e["name"] for manifests in runs for m in manifests for e in m["files"]}
    assert on_disk == listed
    assert len(list_runs(directory)) == 4
    with open(os.path.join(directory, "depyf_runs", "index.jsonl"), encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    assert sorted(json.loads(line)["run_id"] for line in lines) == sorted(m["run_id"] for ms in runs for m in ms)


def test_demo_summarises_only_its_own_run(tmp_path):
    demo = os.path.join(REPO, "examples", "torch_compile_demo.py")
    directory = str(tmp_path / "demo")
    outputs = []
    for _ in range(2):
        result = subprocess.run(
            [sys.executable, demo, directory, "--backend", "eager"],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=str(tmp_path),
        )
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    latest = list_runs(directory)[-1]
    names = [entry["name"] for entry in latest["files"]]
    # The counts are the latest run's, whatever the earlier run left behind.
    assert "depyf dumped %d file(s) into %s in this run" % (len(names), directory) in outputs[1]
    earlier = [n for n in os.listdir(directory) if n not in names and os.path.isfile(os.path.join(directory, n))]
    if earlier:
        assert "(%d other file(s) in the directory are from earlier runs" % len(earlier) in outputs[1]
    quoted = [line.split()[0] for line in outputs[1].splitlines() if line.startswith(("full_code_for_", "__trans"))]
    assert quoted and all(name in names for name in quoted)
