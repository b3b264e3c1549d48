"""Conditions whose compares (`is`, `in`) must keep their operator: a `not`
over them must stay around the and/or that holds them."""


def negated_and_of_compares(flags, arg, mask):
    if not (flags & mask and arg[0] is StopIteration and arg[2] is None):
        return 1
    return 2


def and_with_inverted_leaves(loop, called, current, main):
    if loop is None and not called and current is main:
        loop = 3
    return loop


def assert_or_of_compares(cur, back):
    assert cur is None or back is cur[-2], ("Bad call", cur)
    return cur


# No single assert spells these jumps (`not` over `b is c` would fold):
# the assert sits in an if (pickletools dis).
def if_then_assert_is(a, before, g):
    if a in before:
        assert before[-1] is g
    g()


def if_and_then_assert_in(a, b, c, g):
    if a and c:
        assert b in g, "m"
    return g


def assert_not_and_is_not(a, b, g):
    assert not (a and b is not g)


def while_with_membership(items, stop):
    while items and items[-1] not in stop and not items[0] in stop:
        items.pop()
    return items


def elif_chain_of_compares(a, b, c):
    if a is b:
        return 1
    elif not (b in c or a is c):
        return 2
    elif a not in c and b is not None:
        return 3
    return 4


def filter_with_compares(values, seen):
    return [v for v in values if not (v in seen or v is None)]


# A chained comparison as an operand of `and`, the whole test of an elif
# whose else raises (was read as `format == 2` alone). (3.13 with a bare
# `return s` after it: see docs/development-log.md, copied returns of an if/elif.)
def chained_compare_operand_in_elif(n, digits, format):
    if 0 <= n < 8:
        s = 1
    elif format == 2 and -256 <= n < 256:
        if n >= 0:
            s = 2
        else:
            s = 3
        for i in range(digits - 1):
            s.insert(1, n)
    else:
        raise ValueError("overflow in number field")
    s.finish()
    return s


def chain_ending_in_is_none(a, b, c):
    # 3.11+ test the last link `c is None` by POP_JUMP_IF_NOT_NONE on c.
    if a is b is c is None:
        return 1
    return 2


def chain_of_two_ending_in_is_none(a, b):
    if a is b is None:
        return 1


def chain_ending_in_is_not_none(a, b):
    if a == b is not None:
        return 1
    return a is b is None


def none_test_inside_or_chain(executor):
    # 3.11+ jump on None either way round: no `not x is not None`.
    if _shutdown or executor is None or executor._shutdown:
        return 1
    return 2
