"""A module whose name a function declares `global` and the module body also
assigns: 3.9+ store it with STORE_GLOBAL, read back as a module-level
`global` declaration, which must go after the docstring and the
`from __future__` imports (test_zoneinfo, 3.13 _pyrepl/readline)."""
from __future__ import annotations
from __future__ import generator_stop

import os

DATA = None


def set_up():
    global DATA
    DATA = os.getcwd()


DATA: str | None = None
