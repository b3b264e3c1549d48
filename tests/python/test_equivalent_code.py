"""depyf.explain.equivalent_code: whether a graph file's code does what FX's does
(the fast straight-line path, the dis-based path, and the memo between them)."""

from depyf.explain.equivalent_code import _straight_line, difference


def _forward(source: str, filename: str = "<graph>"):
    namespace: dict = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["forward"].__code__


def _long_graph(count: int, last_op: str = "+") -> str:
    """A straight-line forward with more than 256 names: EXTENDED_ARG in its code."""
    lines = ["def forward(self, x):"]
    lines += ["    v%d = x * %d" % (index, index) for index in range(count)]
    lines.append("    return v0 %s v%d" % (last_op, count - 1))
    return "\n".join(lines) + "\n"


def test_same_source_compiled_twice_is_equivalent() -> None:
    source = _long_graph(300)
    assert difference(_forward(source, "a.py"), _forward(source, "b.py")) is None


def test_extended_arguments_are_read_whole() -> None:
    code = _forward(_long_graph(300))
    units = _straight_line(code)
    assert units is not None
    # The last stores go to local 300 and beyond: the argument carries its EXTENDED_ARG prefix.
    assert max(argument for _opcode, argument in units) >= 300


def test_a_different_operation_differs_even_after_a_memoized_answer() -> None:
    plus = _forward(_long_graph(300, "+"))
    assert difference(plus, _forward(_long_graph(300, "+"))) is None
    problem = difference(plus, _forward(_long_graph(300, "-")))
    assert problem is not None and "differs" in problem


def test_code_with_jumps_takes_the_dis_path() -> None:
    branchy = "def forward(self, x):\n    if x:\n        return x + 1\n    return x - 1\n"
    assert _straight_line(_forward(branchy)) is None
    assert difference(_forward(branchy), _forward(branchy, "other.py")) is None
    flipped = branchy.replace("x - 1", "x - 2")
    assert difference(_forward(branchy), _forward(flipped)) is not None
