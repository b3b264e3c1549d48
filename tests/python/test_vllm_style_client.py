"""depyf driven as vLLM drives it (tests/python/torch_scripts/vllm_style_client.py).

vLLM reads ``enable_debugging.patched_load_by_key_path``, may replace it with its
own hook built from ``global_variables.data`` and ``explain.utils``, opens
``prepare_debug`` by hand and loads kernels with keywords newer Inductor passes
(``set_sys_modules``). Both with depyf's own hook and with vLLM's replacement,
the run must work and leave a dump with Inductor kernels in it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any, Dict

import pytest

pytest.importorskip("torch")

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_scripts", "vllm_style_client.py")


def run_client(dump_dir: str, *flags: str) -> Dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, SCRIPT, dump_dir, *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        universal_newlines=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.splitlines()[-1])


def check_dump(seen: Dict[str, Any], dump_dir: str) -> None:
    assert seen["inside"] is True and seen["inside_after"] is False
    assert seen["dump_src_dir"] == os.path.abspath(dump_dir)
    assert seen["loaded_value"] == 3 and seen["results_match_eager"] is True
    assert seen.get("set_sys_modules_forwarded", True) is True
    files = seen["files"]
    assert any(name.startswith("full_code_for_") for name in files), files
    assert any(name.startswith("__transformed_code_") for name in files), files
    assert any(".kernel_" in name for name in files), files


def test_with_depyfs_own_kernel_hook(tmp_path: "os.PathLike[str]") -> None:
    dump_dir = os.path.join(str(tmp_path), "dump")
    seen = run_client(dump_dir)
    # vLLM patches only a hook that cannot take Inductor's keywords; depyf's can.
    assert seen["own_hook_accepts_keywords"] is True
    check_dump(seen, dump_dir)


def test_with_the_clients_replacement_hook(tmp_path: "os.PathLike[str]") -> None:
    dump_dir = os.path.join(str(tmp_path), "dump")
    seen = run_client(dump_dir, "--client-hook")
    assert seen["client_calls"], "prepare_debug did not install the client's hook"
    check_dump(seen, dump_dir)
