# 3.12+ have no backward conditional jumps: every operand of an if's
# condition whose false side goes back to the loop's header is turned round
# over a JUMP_BACKWARD of its own. Those copies are one exit of one
# condition (no written `continue`, which compiles to one jump), and the
# condition goes on past each (jinja2 Node.iter_fields, dateutil
# rrule._iter, sqlparse StatementSplitter.process).


def or_of_and_groups(xs, a, b):
    for x in xs:
        if (a and b) or (b and x in b):
            g(x)


def or_then_and_group(xs, a, b):
    for x in xs:
        if a or (b and x in b):
            g(x)


def none_tests_in_groups(xs, a, b):
    for x in xs:
        if (a is None and b is None) or (b is not None and x in b):
            try:
                g(x)
            except E:
                pass


def iter_fields(self, exclude=None, only=None):
    for name in self.fields:
        if (
            (exclude is None and only is None)
            or (exclude is not None and name not in exclude)
            or (only is not None and name in only)
        ):
            try:
                yield name, getattr(self, name)
            except AttributeError:
                pass


def generator_or_then_and_group(xs, a, b):
    for x in xs:
        if a or (b and x in b):
            yield x


# An `is not None` test turned round over its exit reads as written
# (ast.increment_lineno).
def and_with_none_test_last(xs, n):
    for c in xs:
        if "e" in c._attributes and (e := getattr(c, "e", 0)) is not None:
            c.e = e + n
    return xs
