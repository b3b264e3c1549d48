"""`assert c, msg` as the last statement of a loop body.

The test jumps round the loop's jump back to the raise, which 3.14 borrow
its loads in; `if c: continue` before `assert False, msg` leaves the empty
block of the folded `assert False` test before the raise, which does not."""


def register(registry, method_to_typeid):
    if method_to_typeid:
        for key, value in list(method_to_typeid.items()):
            assert type(key) is str, "%r is not a string" % key
            assert type(value) is str, "%r is not a string" % value
    return registry


def continue_then_assert_false(registry, method_to_typeid):
    for key, value in list(method_to_typeid.items()):
        if type(value) is str:
            continue
        assert False, "%r is not a string" % value
    return registry
