"""A bare `raise` that ran inside an except clause must not be printed outside every handler.

Outside an except clause (or finally body) no exception is active, so the printed
function would raise `RuntimeError: No active exception to reraise` where the original
re-raised what it caught (3.14 asyncio.Queue.get was decompiled so until the loop's
follow learnt the end of a try nested in a clause). The decompiler refuses such output
(cpp/decompile/safety/misplaced_reraises.cpp, 3.11+, where the exception table says exactly
which instructions run in a clause).

The structuring reads ordinary code right now, so the check is shown on code whose
exception table was changed by hand: the `raise` after a try statement is put under the
clause's exception-state restore handler, as if it had run inside the clause, while the
instructions still say it follows the try. The same source unchanged decompiles.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import textwrap

import pytest
from conftest import SUPPORTED_MINORS, reference_python

import depyf
from depyf import _core

TOOLS = pathlib.Path(__file__).resolve().parents[2] / "tools"

# Runs under the reference interpreter: prints the function's code marshalled as
# compiled, and with each bare raise outside every table entry put under the
# except clause's restore handler (COPY 3; POP_EXCEPT; RERAISE 1).
MAKE_CODES = textwrap.dedent(
    r"""
    import dis, json, marshal, sys, textwrap
    sys.path.insert(0, sys.argv[1])
    from exception_table_encoding import exception_table_entry

    SOURCE = '''
    def reraise_after_try(g, h):
        try:
            g()
        except:
            h()
        raise
    '''
    module = compile(textwrap.dedent(SOURCE), "<case>", "exec")
    code = next(c for c in module.co_consts if hasattr(c, "co_code"))
    entries = dis._parse_exception_table(code)
    instructions = {i.offset: i for i in dis.get_instructions(code)}
    restore = next(e for e in entries
                   if instructions[e.target].opname == "COPY" and instructions[e.target].arg == 3)
    bare_raises = [i.offset for i in instructions.values()
                   if i.opname == "RAISE_VARARGS" and i.arg == 0
                   and not any(e.start <= i.offset < e.end for e in entries)]
    moved = sorted(entries + [type(restore)(at, at + 2, restore.target, restore.depth, restore.lasti)
                              for at in bare_raises], key=lambda e: e.start)

    table = b"".join(exception_table_entry(e.start // 2, (e.end - e.start) // 2, e.target // 2,
                                           e.depth * 2 + int(e.lasti)) for e in moved)
    changed = code.replace(co_exceptiontable=table)
    assert dis._parse_exception_table(changed) == moved
    print(json.dumps({"original": marshal.dumps(code).hex(), "changed": marshal.dumps(changed).hex(),
                      "moved": len(bare_raises)}))
    """
)


@pytest.mark.parametrize("minor", [pytest.param(m, id="3.%d" % m) for m in SUPPORTED_MINORS if m >= 11])
def test_bare_raise_of_a_clause_placed_outside_it_is_refused(minor: int) -> None:
    python = reference_python(minor)
    made = subprocess.run(
        [python, "-c", MAKE_CODES, str(TOOLS)], stdout=subprocess.PIPE, check=True, universal_newlines=True
    )
    codes = json.loads(made.stdout.splitlines()[-1])
    assert codes["moved"] >= 1
    # As compiled: the raise follows the try statement, outside the clause.
    text = _core.decompile_marshal(bytes.fromhex(codes["original"]), minor)
    assert "    raise\n" in text and text.index("except:") < text.index("    raise\n")
    # Marked as running inside the clause, the same instructions would print the raise where no
    # exception is active: refused.
    with pytest.raises(depyf.DecompilationError, match="bare `raise` of an except clause"):
        _core.decompile_marshal(bytes.fromhex(codes["changed"]), minor)
