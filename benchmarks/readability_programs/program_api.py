"""What every benchmark program module provides, and the one type they share.

A program module has a docstring (its one-line description comes from it) and
`run(compile) -> list of tensors`. `run` builds everything it needs from a fixed
seed, passes each function or module that should go through torch.compile to
`compile` (which returns it unchanged for the eager reference run, or
`torch.compile(fn, backend=..., **options)` otherwise) and returns every result
worth comparing. Calling `run` twice must give the same results.

A module may set `REQUIRES = ("transformers",)`: the importable packages it
needs; without them the program is reported as skipped, not failed.
"""

from __future__ import annotations

from typing import Any, Callable

# compile(fn_or_module, **torch_compile_options) -> the callable to run.
Compile = Callable[..., Any]
