"""An and/or operand or a comprehension clause written on a line of its own:
3.10 and 3.11 thread a jump through the jump it lands on only when both are
on one line, so the decompiled source must break its lines where the
original did (3.12+ keep a NOP for the line where they differ)."""


def value_or_of_and(obj, kinds, flags):
    return (isinstance(obj, kinds.A) or
            isinstance(obj, kinds.B) and
                bool(obj.flags & flags) or
            isinstance(obj, kinds.C))


def value_or_chain_with_and(obj, code):
    return (hasattr(obj, "__name__") and
            hasattr(obj, "__code__") and
            (obj.defaults is None or isinstance(obj.defaults, tuple)) and
            isinstance(code, str))


def filter_on_its_own_line(entries):
    return [entry[:-3] for entry in entries if
            entry.endswith(".py") and entry[0] != "_"]


def clauses_on_their_own_lines(parts, skip):
    return "".join([part
                    for part in parts
                    if part and part is not skip])


def filter_after_loop_line(split, text):
    return [x for x in split(text)
            if x and x != "."]


def nested_loops_over_lines(rows, keep):
    return {(a, b) for row in rows
            for a, b in row
            if keep(a) or
               keep(b)}


def generator_argument_filter(items, wanted):
    return sorted(name for name, value in items
                  if value in wanted)


def condition_in_loop(items, a, b):
    total = 0
    for x in items:
        if (x.first(a) or
                x.second(b)):
            total += 1
    return total


def dict_comprehension_filter(pairs):
    return {key: value for key, value in pairs
            if value is not None}


# The or starts at the parenthesis opening its first operand, a line before
# that operand's text: the or's jump carries the earlier line, the and's
# jumps the later one, so they are not threaded (boltons
# _ComplementSet.__eq__, pyflakes _is_typing_helper).
def or_of_groups_opened_a_line_early(self, other):
    return (
        type(self) is type(other)
        and self._included == other._included
        and self._excluded == other._excluded) or (
        type(other) in (set, frozenset) and self._included == other)


def or_of_groups_each_opened_alone(node, match):
    return (
        (
            isinstance(node, ast.Name) and
            bare_name(node.id)
        ) or (
            isinstance(node, ast.Attribute) and
            match(node.attr)
        )
    )
