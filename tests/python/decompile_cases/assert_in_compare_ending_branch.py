# An assert over an `in` compare that ends an if branch or a loop body: 3.8
# threads its jump past the jump that follows the raise (boltons setutils
# _ComplementSet.__init__).


def assert_in_ending_branches(included, excluded):
    if included is None:
        assert type(excluded) in (set, frozenset)
    elif excluded is None:
        assert type(included) in (set, frozenset)
    else:
        raise ValueError("one of included or excluded must be a set")
    return included, excluded


def assert_in_ending_loop_body(items, allowed):
    for item in items:
        assert item in allowed, item
    return items


def assert_not_in_ending_branch(a, b):
    if a:
        assert b not in a
    else:
        b = 2
    return b
