"""depyf: understand torch.compile by reading its bytecode back as Python.

The heavy lifting happens in the C++ core (``depyf._core``); this package is
the Python-facing glue.
"""

try:
    from depyf._core import DecompilationError
except ImportError as error:  # pragma: no cover - depends on how depyf is run
    raise ImportError(
        "depyf's compiled extension (depyf._core) is missing. If this is the source checkout, install "
        "the package (`bash scripts/install.sh` or `pip install .`) and run from another directory."
    ) from error
from depyf._version import __version__
from depyf.decompiler import Decompiler, decompile
from depyf.disassembler import disassemble, disassemble_json
from depyf.explain.enable_debugging import debug, prepare_debug
from depyf.explain.enhance_logging import install, uninstall


def _message(self: BaseException) -> str:
    return str(self.args[0]) if self.args else ""


# The original pure-Python depyf exposed the text as `.message`; clients read it.
DecompilationError.message = property(_message)  # type: ignore[attr-defined]

__all__ = [
    "DecompilationError",
    "Decompiler",
    "__version__",
    "debug",
    "decompile",
    "disassemble",
    "disassemble_json",
    "install",
    "prepare_debug",
    "uninstall",
]
