"""Whether two code objects of the running interpreter do the same thing.

Used to decide if a graph's dumped file may run in place of the code FX
generated for it. Identical bytecode is too strict: the dump starts with
`import torch`, and from Python 3.11 on a call on a name that the module
imports (`torch.abs(x)`) compiles to a plain attribute load plus an explicit
NULL instead of the method-call form FX's import-free source gets. CPython
keeps the two forms interchangeable (the method form is only a faster way to
make the same call), so they are compared as one.

Everything else must match: instructions and their arguments (names by name,
constants by type and value, jumps by target instruction), argument layout,
the flags that change how code runs, exception table entries. Line numbers,
NOP/RESUME/CACHE/EXTENDED_ARG and the code's name are ignored.
"""

from __future__ import annotations

import dis
import functools
import sys
import types
from typing import Dict, List, Optional, Tuple

# Flags that change how code runs (optimized, new locals, *args, **kwargs,
# nested, generator, no free, coroutine, iterable coroutine, async generator).
# The __future__ bits above them only record how the source was compiled.
_BEHAVIOUR_FLAGS = 0x3FF

_SKIPPED = {"NOP", "RESUME", "CACHE", "EXTENDED_ARG"}
_JUMPS = set(dis.hasjrel) | set(dis.hasjabs) | set(getattr(dis, "hasjump", ()))
_VERSION = sys.version_info[:2]
_NAMED = set(dis.hasname) | set(dis.haslocal) | set(dis.hasfree)

Token = Tuple[object, ...]


def _const_key(value: object) -> object:
    """Constants compare by type and value (1, 1.0, True and -0.0/0.0 differ)."""
    if isinstance(value, types.CodeType):
        return ("code", _tokens(value), _signature(value))
    if isinstance(value, (tuple, frozenset)):
        items = sorted(map(repr, value)) if isinstance(value, frozenset) else [_const_key(v) for v in value]
        return (type(value).__name__, tuple(items))
    return (type(value).__name__, repr(value))


def _pushes_null(instruction: dis.Instruction) -> bool:
    """LOAD_GLOBAL's low bit (3.11+): also push the NULL a call needs."""
    return instruction.opname == "LOAD_GLOBAL" and _VERSION >= (3, 11) and bool(instruction.arg & 1)


def _is_method_load(instruction: dis.Instruction) -> bool:
    """LOAD_METHOD (3.7-3.11) or LOAD_ATTR with its method bit (3.12+)."""
    if instruction.opname == "LOAD_METHOD":
        return True
    return instruction.opname == "LOAD_ATTR" and _VERSION >= (3, 12) and bool(instruction.arg & 1)


def _is_plain_attr(instruction: dis.Instruction) -> bool:
    return instruction.opname == "LOAD_ATTR" and not _is_method_load(instruction)


def _callee_of_global_attribute(run: List[dis.Instruction], at: int) -> int:
    """How many instructions at `at` prepare the call `NAME.attr(...)` on a
    global NAME, in either form the compiler uses for it; 0 when none do.

    method form:  LOAD_GLOBAL NAME; LOAD_METHOD attr        (3.11)
                  LOAD_GLOBAL NAME; LOAD_ATTR attr+method  (3.12+)
    import form:  LOAD_GLOBAL NULL+NAME; LOAD_ATTR attr     (3.11, 3.12)
                  LOAD_GLOBAL NAME; LOAD_ATTR attr; PUSH_NULL (3.13+: NULL after the callable)

    Both leave the same callable (and NULL or self) for the CALL that
    follows; the compiler only emits them right before that call.
    """
    if _VERSION < (3, 11) or at + 1 >= len(run) or run[at].opname != "LOAD_GLOBAL":
        return 0
    first, second = run[at], run[at + 1]
    if _is_method_load(second) and not _pushes_null(first):
        return 2
    if _is_plain_attr(second) and _pushes_null(first):
        return 2
    if _VERSION >= (3, 13) and _is_plain_attr(second) and at + 2 < len(run) and run[at + 2].opname == "PUSH_NULL":
        return 3
    return 0


def _argument(instruction: dis.Instruction) -> object:
    name = instruction.opname
    if name in ("LOAD_CONST", "RETURN_CONST"):
        return _const_key(instruction.argval)
    if name == "LOAD_GLOBAL" or name == "LOAD_ATTR" or name == "LOAD_METHOD":
        return (instruction.argval, _pushes_null(instruction), _is_method_load(instruction))
    if instruction.arg is None:
        return None
    if instruction.opcode in _NAMED:
        return instruction.argval  # names of globals, attributes, locals, cells (a pair for 3.13's fused ops)
    return instruction.arg  # operator kinds, counts, flags: the same source gives the same number


# Fused local accesses (3.13+) and borrowed loads (3.14+) as the plain
# instructions they stand for. Whether the compiler fuses two accesses or lets
# a load borrow its reference depends on line numbers and on what follows, and
# a dumped file's line layout is not FX's; what runs is the same.
_PLAIN_LOCAL_ACCESS = {
    "LOAD_FAST_BORROW": ("LOAD_FAST",),
    "LOAD_FAST_LOAD_FAST": ("LOAD_FAST", "LOAD_FAST"),
    "LOAD_FAST_BORROW_LOAD_FAST_BORROW": ("LOAD_FAST", "LOAD_FAST"),
    "STORE_FAST_LOAD_FAST": ("STORE_FAST", "LOAD_FAST"),
    "STORE_FAST_STORE_FAST": ("STORE_FAST", "STORE_FAST"),
}


def _unfused(instructions: List[dis.Instruction]) -> List[dis.Instruction]:
    out: List[dis.Instruction] = []
    for instruction in instructions:
        plain = _PLAIN_LOCAL_ACCESS.get(instruction.opname)
        if plain is None:
            out.append(instruction)
        elif len(plain) == 1:
            out.append(instruction._replace(opname=plain[0], opcode=dis.opmap[plain[0]]))
        else:
            # The second half gets the odd offset after the first: no real
            # instruction has it, and no jump lands between the two.
            for half, (name, value) in enumerate(zip(plain, instruction.argval)):
                out.append(
                    instruction._replace(
                        opname=name, opcode=dis.opmap[name], argval=value, offset=instruction.offset + half
                    )
                )
    return out


def _tokens(code: types.CodeType) -> Tuple[Token, ...]:
    run = _unfused([i for i in dis.get_instructions(code) if i.opname not in _SKIPPED])
    # Group the instructions; a jump target is the index of the group it lands in.
    groups: List[Tuple[int, int]] = []
    at = 0
    while at < len(run):
        size = _callee_of_global_attribute(run, at) or 1
        groups.append((at, size))
        at += size
    group_of_offset: Dict[int, int] = {}
    for index, (start, size) in enumerate(groups):
        for instruction in run[start : start + size]:
            group_of_offset[instruction.offset] = index
    offsets = sorted(group_of_offset)

    def group_at(offset: int) -> int:
        # A target that was skipped (a NOP) lands on the next kept instruction.
        for candidate in offsets:
            if candidate >= offset:
                return group_of_offset[candidate]
        return len(groups)

    tokens: List[Token] = []
    for start, size in groups:
        first = run[start]
        if size > 1:
            attribute = run[start + 1].argval
            tokens.append(("CALLEE_GLOBAL_ATTR", first.argval, attribute))
        elif first.opcode in _JUMPS:
            tokens.append((first.opname, group_at(first.argval)))
        else:
            tokens.append((first.opname, _argument(first)))
    for entry in getattr(dis.Bytecode(code), "exception_entries", ()):
        tokens.append(
            ("EXCEPT", group_at(entry.start), group_at(entry.end), group_at(entry.target), entry.depth, entry.lasti)
        )
    return tuple(tokens)


def _signature(code: types.CodeType) -> Tuple[object, ...]:
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & 0x04) + bool(code.co_flags & 0x08)
    return (
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_varnames[:count],
        code.co_freevars,
        code.co_cellvars,
        code.co_flags & _BEHAVIOUR_FLAGS,
    )


# ---- the fast path: straight-line code with the same tables ----------------------------------

_OPS = dis.opmap
_EXTENDED_ARG = _OPS["EXTENDED_ARG"]
_IGNORED_OPCODES = {_OPS[name] for name in _SKIPPED if name in _OPS}
_LOAD_GLOBAL, _LOAD_ATTR = _OPS["LOAD_GLOBAL"], _OPS["LOAD_ATTR"]
_LOAD_METHOD, _PUSH_NULL = _OPS.get("LOAD_METHOD", -1), _OPS.get("PUSH_NULL", -1)


def _straight_line(code: types.CodeType) -> Optional[List[Tuple[int, int]]]:
    """(opcode, argument) of each instruction read straight from co_code, or None
    for code with jumps or exception handlers (left to the dis-based path)."""
    if getattr(code, "co_exceptiontable", b""):
        return None
    raw = code.co_code
    opcodes, arguments = raw[0::2], raw[1::2]
    if not _JUMPS.isdisjoint(opcodes):
        return None
    if _EXTENDED_ARG not in opcodes:
        # The common case, a joint graph has thousands of instructions: no per-byte loop.
        return [(op, arg) for op, arg in zip(opcodes, arguments) if op not in _IGNORED_OPCODES]
    units: List[Tuple[int, int]] = []
    extended = 0
    for opcode, argument in zip(opcodes, arguments):
        argument |= extended
        if opcode == _EXTENDED_ARG:
            extended = argument << 8
            continue
        extended = 0
        if opcode not in _IGNORED_OPCODES:
            units.append((opcode, argument))
    return units


def _canonical_units(units: List[Tuple[int, int]]) -> List[Tuple[object, ...]]:
    """The units with each `NAME.attr(` callee, in whichever form, as one token
    (see _callee_of_global_attribute; indexes are into the shared name table)."""
    out: List[Tuple[object, ...]] = []
    at = 0
    while at < len(units):
        opcode, argument = units[at]
        size = 0
        if opcode == _LOAD_GLOBAL and _VERSION >= (3, 11) and at + 1 < len(units):
            null = argument & 1
            next_opcode, next_argument = units[at + 1]
            method = next_opcode == _LOAD_METHOD or (
                next_opcode == _LOAD_ATTR and _VERSION >= (3, 12) and next_argument & 1
            )
            plain = next_opcode == _LOAD_ATTR and not method
            if (method and not null) or (plain and null):
                size = 2
            elif plain and _VERSION >= (3, 13) and at + 2 < len(units) and units[at + 2][0] == _PUSH_NULL:
                size = 3
            if size:
                attribute = next_argument >> 1 if next_opcode == _LOAD_ATTR and _VERSION >= (3, 12) else next_argument
                out.append(("CALLEE_GLOBAL_ATTR", argument >> 1, attribute))
        if not size:
            out.append((opcode, argument))
            size = 1
        at += size
    return out


def _same_tables(a: types.CodeType, b: types.CodeType) -> bool:
    return (
        a.co_names == b.co_names
        and a.co_varnames == b.co_varnames
        and len(a.co_consts) == len(b.co_consts)
        and all(_const_key(x) == _const_key(y) for x, y in zip(a.co_consts, b.co_consts))
    )


@functools.lru_cache(maxsize=32)
def difference(made: types.CodeType, reference: types.CodeType) -> Optional[str]:
    """None when `made` does what `reference` does; otherwise what differs, in words.

    Memoized: FX recompiles a graph module many times while AOTAutograd and
    Inductor work on it, mostly to the same code; code objects compare equal
    exactly when their instructions, tables, flags and line table are the same,
    all that this answer depends on."""
    if _signature(made) != _signature(reference):
        return "the arguments, closure or flags differ"
    # FX's graph code is straight-line code whose name and constant tables the
    # file's reproduces in the same order: then raw arguments mean the same
    # thing on both sides and the instructions compare without dis.
    mine_units, their_units = _straight_line(made), _straight_line(reference)
    if mine_units is not None and their_units is not None and _same_tables(made, reference):
        if _canonical_units(mine_units) == _canonical_units(their_units):
            return None
    mine, theirs = _tokens(made), _tokens(reference)
    if mine == theirs:
        return None
    for index, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            return "instruction %d differs: %r instead of %r" % (index, a, b)
    return "%d instructions instead of %d" % (len(mine), len(theirs))
