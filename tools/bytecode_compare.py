"""Normalised comparison of code objects: the decompiler's correctness oracle.

"normalised" (DESIGN.md): the instruction stream without NOP / RESUME / CACHE /
EXTENDED_ARG, jump targets as instruction indexes, line numbers ignored;
constants compared by value (code constants recursively, so docstrings count),
plus names, variables, flags, argument counts and the exception table.

Runs under every interpreter 3.8-3.15 (it must compare with that version's
dis), so it stays Python 3.8 compatible.
"""

import dis
import types

SKIPPED_OPNAMES = frozenset(["NOP", "RESUME", "CACHE", "EXTENDED_ARG"])

# 3.13 fuses pairs of fast-local instructions only when both come from the
# same source line; line numbers are outside the normalised level, so the
# fused forms count as their two halves.
SUPERINSTRUCTIONS = {
    "LOAD_FAST_LOAD_FAST": ("LOAD_FAST", "LOAD_FAST"),
    "STORE_FAST_LOAD_FAST": ("STORE_FAST", "LOAD_FAST"),
    "STORE_FAST_STORE_FAST": ("STORE_FAST", "STORE_FAST"),
    # 3.14+ borrowed loads fuse the same way.
    "LOAD_FAST_BORROW_LOAD_FAST_BORROW": ("LOAD_FAST_BORROW", "LOAD_FAST_BORROW"),
}
JUMP_OPCODES = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


def _constant_key(value):
    if isinstance(value, types.CodeType):
        return ("code", normalise(value))
    if isinstance(value, (tuple, frozenset)):
        items = [_constant_key(item) for item in value]
        if isinstance(value, frozenset):
            items.sort(key=repr)
        return (type(value).__name__, tuple(items))
    if isinstance(value, float) and value != value:
        return ("float", "nan")
    # type + repr keeps 1 / 1.0 / True and 0.0 / -0.0 apart.
    return (type(value).__name__, repr(value))


def _exception_table(code, index_of):
    parse = getattr(dis, "_parse_exception_table", None)
    if parse is None:
        return ()
    rows = []
    for entry in parse(code):
        rows.append((index_of(entry.start), index_of(entry.end), index_of(entry.target), entry.depth, entry.lasti))
    return tuple(rows)


def normalise(code):
    """A hashable, line-free description of `code`, recursively."""
    kept = [ins for ins in dis.get_instructions(code) if ins.opname not in SKIPPED_OPNAMES]
    offsets = [ins.offset for ins in kept]
    # Where each kept instruction starts in the normalised stream (a fused
    # pair takes two places there, so targets after it count both halves).
    positions = []
    position = 0
    for ins in kept:
        positions.append(position)
        position += len(SUPERINSTRUCTIONS.get(ins.opname, (ins.opname,)))

    def index_of(offset):
        # A target removed by normalisation (a NOP) means the next kept one.
        for index, kept_offset in enumerate(offsets):
            if kept_offset >= offset:
                return positions[index]
        return position

    # 3.13 class bodies store their first line number (`__firstlineno__ =
    # <int>`): a line number, so outside the normalised level too. (3.14+
    # load a line below 256 with LOAD_SMALL_INT, with no co_consts entry:
    # the entry of a larger one is left out of the constants.)
    line_constants = set()
    line_loads = set()
    for ins, following in zip(kept, kept[1:]):
        if (
            ins.opname in ("LOAD_CONST", "LOAD_SMALL_INT")
            and following.opname == "STORE_NAME"
            and following.argval == "__firstlineno__"
        ):
            line_loads.add(ins.offset)
            if ins.opname == "LOAD_CONST":
                line_constants.add(ins.arg)

    stream = []
    for ins in kept:
        if ins.offset in line_loads:
            stream.append(("LOAD_CONST", ("line",)))
            continue
        if ins.opcode in JUMP_OPCODES:
            argument = ("->", index_of(ins.argval))
        elif ins.opcode in dis.hasconst:
            argument = _constant_key(ins.argval)
        elif ins.opname in SUPERINSTRUCTIONS:
            for opname, name in zip(SUPERINSTRUCTIONS[ins.opname], ins.argrepr.split(", ")):
                stream.append((opname, name))
            continue
        else:
            argument = ins.argrepr
        stream.append((ins.opname, argument))
    return (
        ("name", code.co_name),
        ("counts", code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount),
        ("flags", code.co_flags),
        ("names", code.co_names),
        ("varnames", code.co_varnames),
        ("cellvars", code.co_cellvars),
        ("freevars", code.co_freevars),
        ("consts", tuple(_constant_key(c) for i, c in enumerate(code.co_consts) if i not in line_constants)),
        ("code", tuple(stream)),
        ("exceptions", _exception_table(code, index_of)),
    )


def first_difference(expected, actual, path="code"):
    """A one-line description of where two normalised codes first differ, or None."""
    if expected == actual:
        return None
    if isinstance(expected, tuple) and isinstance(actual, tuple):
        for position, (left, right) in enumerate(zip(expected, actual)):
            if left != right:
                return first_difference(left, right, "%s[%d]" % (path, position))
        return "%s: expected %d items, got %d" % (path, len(expected), len(actual))
    return "%s: expected %r, got %r" % (path, expected, actual)
