"""Seconds PyTorch spent compiling during one prepare_debug run, where it exposes them.

torch._dynamo.utils.compile_times() sums, per timed phase (Dynamo's tracing,
the backend compiler, AOTAutograd, Inductor's lowering and code generation,
guard building), the seconds of every compile in the process so far; a run's
share is the difference between its end and its start. Older or newer torch
releases without that function give no timings rather than an error.
"""

from __future__ import annotations

import sys
from typing import Dict


def snapshot() -> Dict[str, float]:
    """The process's cumulative compile seconds per phase (empty when torch does not say)."""
    utils = getattr(sys.modules.get("torch._dynamo"), "utils", None)
    compile_times = getattr(utils, "compile_times", None)
    if compile_times is None:
        return {}
    try:
        names, values = compile_times(repr="csv", aggregate=True)
        return {str(name): float(value) for name, value in zip(names, values)}
    except Exception:  # noqa: BLE001 - timings are a nicety; never fail a run over them
        return {}


def since(before: Dict[str, float]) -> Dict[str, float]:
    """Seconds per phase spent after `before` was taken, largest first, phases with no time left out."""
    now = snapshot()
    spent = {name: round(value - before.get(name, 0.0), 6) for name, value in now.items()}
    return dict(sorted(((name, value) for name, value in spent.items() if value > 0), key=lambda item: -item[1]))
