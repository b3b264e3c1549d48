"""Build, without torch, the resume functions Dynamo generates for a graph break inside `with` blocks.

    python3.10 make_with_resume_handmade.py with_resume_handmade_py310.marshal
    python3.12 make_with_resume_handmade.py with_resume_handmade_py312.marshal
    python3.13 make_with_resume_handmade.py with_resume_handmade_py313.marshal

torch is installed for CPython 3.11 only here, so the 3.10, 3.12 and 3.13 code is
made the way torch/_dynamo/resume_execution.py (torch 2.13) makes it, step by
step, from the interpreter's own compilation of the user's function and of
Dynamo's template `with ctx: dummy`:

- the template's instructions after RESUME, every return turned into a jump
  to a NOP appended at its end (the returned None stays on the stack), a
  POP_TOP appended, the exception table depth raised by the with's stack
  index; split at `LOAD_FAST dummy` (a NOP, as is the POP_TOP after it and the
  template's `LOAD_FAST ctx`, the context being on the stack already);
- the prologue: RESUME (3.11+), `__is_tracing_resume_prologue = True`, for
  each stack slot `LOAD_FAST ___stackN` and, for a context manager's slot, a
  call of it with its arguments (3.11+ PUSH_NULL first, and SWAP 2 before
  3.13) followed by the template's first part; `__is_tracing_resume_prologue
  = False`; a jump to the instruction after the break;
- the templates' second parts, innermost first, then `raise None`;
- then the whole original code, whose exception table entries that went to
  a with's handler now go to that with's template handler (3.10: the
  prologue's SETUP_WITH blocks are still open when the jump gets there;
  LOAD_METHOD/CALL_METHOD become LOAD_ATTR/CALL_FUNCTION, as Dynamo's
  cleaned_instructions makes them).

The arguments are `__nested_resume_fns, __nested_frame_values, ___stack0...,
<live locals>`; no line table. Each code object is run once here (the
context managers record their calls) before it is written.
"""

from __future__ import annotations

import dis
import marshal
import opcode
import sys
import types

VERSION = sys.version_info[:2]
OP = opcode.opmap
PAIRED_LOCALS = {"LOAD_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST", "STORE_FAST_LOAD_FAST"}
LOCAL_OPS = {"LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_AND_CLEAR"}
PROLOGUE_FLAG = "__is_tracing_resume_prologue"


LEGACY = VERSION <= (3, 10)  # block stack, no exception table, jumps in instructions (absolute or relative)


def is_jump(name: str) -> bool:
    return OP[name] in dis.hasjrel or OP[name] in dis.hasjabs


def cache_entries(name: str) -> int:
    table = getattr(opcode, "_inline_cache_entries", None)
    if table is None:
        return 0

    return table.get(name, 0) if isinstance(table, dict) else table[OP[name]]


class Ins:
    def __init__(self, name, arg=None, argval=None, target=None):
        self.name, self.arg, self.argval, self.target = name, arg, argval, target
        self.offset = -1


class Entry:
    """An exception table entry over the instructions from `start` to `end` (inclusive), as Dynamo keeps them."""

    def __init__(self, start, end, target, depth, lasti):
        self.start, self.end, self.target, self.depth, self.lasti = start, end, target, depth, lasti


def read(code: types.CodeType):
    """The instructions of `code` and its exception table entries, targets as references.

    3.13's fused LOAD_FAST_LOAD_FAST and friends come apart, as Dynamo's
    cleaned_instructions takes them (remove_fused_load_store).
    """
    raw = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
    by_offset = {i.offset: Ins(i.opname, i.arg, i.argval) for i in raw}
    insts = []
    for i in raw:
        ins = by_offset[i.offset]
        if i.opname in PAIRED_LOCALS:
            first, second = i.opname.split("_FAST_")
            ins.name, ins.argval = first + "_FAST", i.argval[0]
            insts += [ins, Ins(second if second.endswith("_FAST") else second + "_FAST", argval=i.argval[1])]
        else:
            insts.append(ins)
    for i in raw:
        if is_jump(i.opname):
            by_offset[i.offset].target = by_offset[i.argval]
        if LEGACY and i.opname in ("LOAD_METHOD", "CALL_METHOD"):  # (Dynamo: remove_load_call_method)
            by_offset[i.offset].name = {"LOAD_METHOD": "LOAD_ATTR", "CALL_METHOD": "CALL_FUNCTION"}[i.opname]
    entries = []
    for row in [] if LEGACY else dis._parse_exception_table(code):
        covered = [by_offset[i.offset] for i in raw if row.start <= i.offset < row.end]
        entries.append(Entry(covered[0], covered[-1], by_offset[row.target], row.depth, row.lasti))
    return insts, entries


def nop(ins: Ins) -> None:
    ins.name, ins.arg, ins.argval = "NOP", None, None


def template_parts(stack_index: int):
    def _template(ctx, dummy):
        with ctx:
            dummy

    insts, entries = read(_template.__code__)
    if not LEGACY:
        insts = insts[[i.name for i in insts].index("RESUME") + 1 :]
    expanded = []
    for ins in insts:  # RETURN_CONST -> LOAD_CONST; RETURN_VALUE (3.12+)
        if ins.name == "RETURN_CONST":
            ins.name = "LOAD_CONST"
            expanded += [ins, Ins("RETURN_VALUE")]
        else:
            expanded.append(ins)
    insts = expanded
    # (A return ending the template becomes the NOP the others jump to.)
    if insts[-1].name == "RETURN_VALUE":
        end = insts[-1]
        nop(end)
    else:
        end = Ins("NOP")
        insts.append(end)
    for ins in insts:
        if ins.name == "RETURN_VALUE":
            ins.name, ins.arg, ins.target = "JUMP_ABSOLUTE" if LEGACY else "JUMP_FORWARD", 0, end
    insts.append(Ins("POP_TOP"))
    for entry in entries:
        entry.depth += stack_index
    dummy = next(k for k, ins in enumerate(insts) if ins.name == "LOAD_FAST" and ins.argval == "dummy")
    nop(insts[dummy])
    nop(insts[dummy + 1])
    setup, epilogue = insts[: dummy + 1], insts[dummy + 1 :]
    nop(next(ins for ins in setup if ins.name == "LOAD_FAST" and ins.argval == "ctx"))
    handler = None if LEGACY else next(ins for ins in epilogue if ins.name == "PUSH_EXC_INFO")
    return setup, epilogue, handler, entries


def call(count: int) -> list:
    if LEGACY:
        return [Ins("CALL_FUNCTION", count)]
    return ([Ins("PRECALL", count)] if VERSION < (3, 12) else []) + [Ins("CALL", count)]


def resume_function(original, break_after: str, contexts: list, stack_values: int, live: list):
    """Dynamo's resume function of `original` for a break at the call of `break_after` inside `contexts`.

    contexts: for each with around the break, outermost first, the arguments its context manager is
    rebuilt with (the class comes in its ___stack slot).
    """
    code = original.__code__
    insts, entries = read(code)
    # The resume point: after the call of `break_after` (its result is the last stack slot).
    load = next(k for k, ins in enumerate(insts) if ins.name == "LOAD_GLOBAL" and ins.argval == break_after)
    call_at = next(k for k in range(load, len(insts)) if insts[k].name in ("CALL", "CALL_FUNCTION"))
    target = insts[call_at + 1]
    line = next(
        code.co_firstlineno + k
        for k, text in enumerate(__import__("inspect").getsource(original).splitlines())
        if break_after + "(" in text
    )
    # Each with's handler in the original, outermost first.
    # (≤3.10: nothing to point elsewhere, the prologue's SETUP_WITH blocks stay open.)
    handlers = [
        next(e.target for e in entries if e.start is insts[k + 1])
        for k, ins in enumerate(insts)
        if ins.name == "BEFORE_WITH"
    ]
    prefix = [] if LEGACY else [Ins("RESUME", 0)]
    prefix += [Ins("LOAD_CONST", argval=True), Ins("STORE_FAST", argval=PROLOGUE_FLAG)]
    cleanup = []
    remap = {}
    for slot in range(stack_values):
        prefix.append(Ins("LOAD_FAST", argval="___stack%d" % slot))
        if slot < len(contexts):
            if not LEGACY:
                prefix.append(Ins("PUSH_NULL"))
            if (3, 11) <= VERSION < (3, 13):
                prefix.append(Ins("SWAP", 2))
            prefix += [Ins("LOAD_CONST", argval=value) for value in contexts[slot]]
            prefix += call(len(contexts[slot]))
            setup, epilogue, handler, template_entries = template_parts(slot)
            entries += template_entries
            prefix += setup
            cleanup[:] = epilogue + cleanup
            if not LEGACY:
                remap[id(handlers[slot])] = handler
    prefix += [Ins("LOAD_CONST", argval=False), Ins("STORE_FAST", argval=PROLOGUE_FLAG)]
    prefix.append(Ins("JUMP_ABSOLUTE" if LEGACY else "JUMP_FORWARD", 0, target=target))
    prefix += cleanup + [Ins("LOAD_CONST", argval=None), Ins("RAISE_VARARGS", 1)]
    for entry in entries:
        entry.target = remap.get(id(entry.target), entry.target)
    args = ["__nested_resume_fns", "__nested_frame_values"] + ["___stack%d" % k for k in range(stack_values)] + live
    varnames = args + [v for v in code.co_varnames if v not in args] + [PROLOGUE_FLAG]
    consts = list(code.co_consts)
    for value in (True, False, None):
        if not any(type(c) is type(value) and c == value for c in consts):
            consts.append(value)
    name = "torch_dynamo_resume_in_%s_at_%d" % (code.co_name, line)
    return assemble(prefix + insts, entries, code, name, varnames, len(args), consts)


def assemble(insts, entries, code, name, varnames, argcount, consts):
    def const_index(value):
        return next(k for k, c in enumerate(consts) if type(c) is type(value) and c == value)

    for ins in insts:  # operands by name or value
        if ins.name in LOCAL_OPS:
            ins.arg = varnames.index(ins.argval)
        elif ins.name == "LOAD_CONST":
            if ins.arg is None:  # (the original's own keep their index: consts are only appended to)
                ins.arg = const_index(ins.argval)
        elif ins.arg is None:
            ins.arg = 0
    offset = 0
    for ins in insts:
        ins.offset = offset
        offset += 1 + cache_entries(ins.name)
    out = bytearray()
    for ins in insts:
        after = ins.offset + 1 + cache_entries(ins.name)
        if LEGACY and OP[ins.name] in dis.hasjabs:
            ins.arg = ins.target.offset
        elif "BACKWARD" in ins.name:
            ins.arg = after - ins.target.offset
        elif is_jump(ins.name):
            ins.arg = ins.target.offset - after
        assert 0 <= ins.arg < 256, (ins.name, ins.arg)
        out += bytes([OP[ins.name], ins.arg]) + b"\0\0" * cache_entries(ins.name)
    table = bytearray()

    def varint(value, first):
        chunks = []
        while True:
            chunks.append(value & 63)
            value >>= 6
            if not value:
                break
        chunks.reverse()
        for k, chunk in enumerate(chunks):
            table.append(chunk | (64 if k < len(chunks) - 1 else 0) | (128 if first and k == 0 else 0))

    # Each instruction is covered by the innermost entry whose range holds it (the latest start).
    position = {id(ins): k for k, ins in enumerate(insts)}
    covering = [None] * len(insts)
    for entry in sorted(entries, key=lambda e: (position[id(e.start)], -position[id(e.end)])):
        for k in range(position[id(entry.start)], position[id(entry.end)] + 1):
            covering[k] = entry
    k = 0
    while k < len(insts):
        entry = covering[k]
        if entry is None:
            k += 1
            continue
        end = k
        while end < len(insts) and covering[end] is entry:
            end += 1
        start_unit, end_unit = insts[k].offset, insts[end - 1].offset + 1 + cache_entries(insts[end - 1].name)
        varint(start_unit, True)
        varint(end_unit - start_unit, False)
        varint(entry.target.offset, False)
        varint(entry.depth << 1 | int(entry.lasti), False)
        k = end
    replaced = dict(
        co_code=bytes(out),
        co_consts=tuple(consts),
        co_varnames=tuple(varnames),
        co_argcount=argcount,
        co_nlocals=len(varnames),
        co_posonlyargcount=0,
        co_kwonlyargcount=0,
        co_stacksize=code.co_stacksize + 12,
        co_linetable=b"",
        co_name=name,
    )
    if not LEGACY:
        replaced.update(co_exceptiontable=bytes(table), co_qualname=name)
    return code.replace(**replaced)


# The user's functions (torch stands for the module: only its name is compiled in).
def no_grad_print(x):
    with torch.no_grad():  # noqa: F821
        y = x * 2
        print("no_grad")
        y = y + 1
    return y


def code_after_inner_with(x):
    with torch.no_grad():  # noqa: F821
        a = x + 1
        with torch.enable_grad():  # noqa: F821
            b = a * 2
            print("inner")
            b = b + 1
        c = b * 3
    return c + 1


def return_in_with(x):
    with torch.no_grad():  # noqa: F821
        y = x * 2
        print("break")
        return y + 1


class Recorder:
    """A context manager class: records what its instances see."""

    log: list = []

    def __init__(self, *args):
        self.args = args

    def __enter__(self):
        Recorder.log.append(("enter", self.args))

    def __exit__(self, *exc):
        Recorder.log.append(("exit", self.args, exc[0]))


def note_for(code: types.CodeType) -> str:
    """What the depyf on the path (if any) makes of `code`: the fixture's note."""
    try:
        import depyf
    except ImportError:
        return "handmade"
    try:
        depyf.decompile(code)
    except Exception as error:  # noqa: BLE001 - recorded
        return "%s: %s" % (type(error).__name__, error)
    return "decompiled"


def main() -> int:
    made = [
        (resume_function(no_grad_print, "print", [(False,)], 2, ["y"]), (Recorder, None, 5), 6),
        (
            resume_function(code_after_inner_with, "print", [(False,), (True,)], 3, ["b"]),
            (Recorder, Recorder, None, 2),
            10,
        ),
        (resume_function(return_in_with, "print", [(False,)], 2, ["y"]), (Recorder, None, 5), 6),
    ]
    entries = []
    for code, args, expected in made:
        Recorder.log.clear()
        function = types.FunctionType(code, {})
        result = function([], [], *args)
        assert result == expected, (code.co_name, result)
        assert [e[0] for e in Recorder.log] == ["enter"] * (len(Recorder.log) // 2) + ["exit"] * (
            len(Recorder.log) // 2
        )
        entries.append((code, note_for(code)))
        print("%s: ran, returned %r, %r" % (code.co_name, result, Recorder.log))
    with open(sys.argv[1], "wb") as out:
        out.write(marshal.dumps(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
