"""`assert not c, msg` against `if c: assert False, msg` ending a loop body.

Both compile to the same jumps; 3.14 borrow the loads of the first's raise
(the test jumps straight to it) and not the second's (it follows the empty
block the folded `assert False` test leaves)."""


def assert_not_in_loop(self, headers, is_bad):
    for name, val in headers:
        name = self.convert(name)
        assert not is_bad(name), f"bad header '{name}: {val}'"
    return self.write


def if_then_assert_false_in_loop(self, headers, is_bad):
    for name, val in headers:
        name = self.convert(name)
        if is_bad(name):
            assert False, f"bad header '{name}: {val}'"
    return self.write
