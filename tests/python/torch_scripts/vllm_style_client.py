"""Drives depyf the way vLLM does (vllm/compilation/depyf_compat.py and monitor.py).

- Before prepare_debug, reads ``depyf.explain.enable_debugging.patched_load_by_key_path``
  and checks whether it takes every keyword Inductor passes; when told to
  (``--client-hook``), replaces it with its own hook built from
  ``global_variables.data``, ``explain.utils.get_current_compiled_fn_name`` and
  ``write_code_to_file_template``, exactly as vLLM's compatibility patch does.
- Opens the block by hand (``__enter__()``), compiles and runs a model with
  Inductor, loads a module through ``PyCodeCache.load_by_key_path`` with the
  ``set_sys_modules`` keyword newer Inductor passes, and closes the block with
  ``__exit__(None, None, None)``.

Prints one JSON line: what it saw. Usage: vllm_style_client.py DUMP_DIR [--client-hook]
"""

import inspect
import json
import os
import sys

import torch

import depyf
import depyf.explain.enable_debugging as enable_debugging
import torch._inductor.codecache as codecache

dump_dir = sys.argv[1]
use_client_hook = "--client-hook" in sys.argv
seen = {}


def hook_accepts_inductor_keywords(hook):
    accepted = inspect.signature(hook).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values()):
        return True
    expected = inspect.signature(codecache.PyCodeCache.load_by_key_path).parameters
    return expected.keys() <= accepted.keys()


seen["own_hook_accepts_keywords"] = hook_accepts_inductor_keywords(enable_debugging.patched_load_by_key_path)
client_calls = []

if use_client_hook:
    from depyf.explain.global_variables import data
    from depyf.explain.utils import get_current_compiled_fn_name, write_code_to_file_template

    def load_by_key_path(key, path, linemap=None, attrs=None, **kwargs):
        with open(path) as f:
            src = f.read()
        func_name = get_current_compiled_fn_name()
        dumped_path = write_code_to_file_template(src, os.path.join(data["dump_src_dir"], func_name + ".kernel_%s.py"))
        client_calls.append(sorted(kwargs))
        return data["unpatched_load_by_key_path"](key, dumped_path, linemap, attrs, **kwargs)

    enable_debugging.patched_load_by_key_path = load_by_key_path


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        y = torch.relu(self.linear(x))
        if y.sum() > 0:  # a graph break
            y = y * 2
        return y - 1


model = Model()
compiled = torch.compile(model, backend="inductor")
context = depyf.prepare_debug(dump_dir)
context.__enter__()
from depyf.explain.global_variables import data  # noqa: E402

seen["inside"] = data["is_inside_prepare_debug"]
seen["dump_src_dir"] = data["dump_src_dir"]
matches = []
for _ in range(2):
    x = torch.randn(4, 8)
    matches.append(bool(torch.allclose(compiled(x), model(x), atol=1e-5)))
seen["results_match_eager"] = all(matches)
key, path = codecache.PyCodeCache.write("value = 3\n")
if "set_sys_modules" in inspect.signature(data["unpatched_load_by_key_path"]).parameters:
    module = codecache.PyCodeCache.load_by_key_path(key, path, set_sys_modules=False)
    seen["set_sys_modules_forwarded"] = module.__name__ not in sys.modules
else:
    module = codecache.PyCodeCache.load_by_key_path(key, path)
seen["loaded_value"] = module.value
context.__exit__(None, None, None)
seen["inside_after"] = data["is_inside_prepare_debug"]
seen["client_calls"] = client_calls
seen["files"] = sorted(os.listdir(dump_dir))
print(json.dumps(seen))
