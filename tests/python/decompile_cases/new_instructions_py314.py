# 3.14 instructions and code layout: LOAD_SMALL_INT, LOAD_FAST_BORROW (and
# the fused pair), NOT_TAKEN after conditional jumps, POP_ITER ending for
# loops, LOAD_SPECIAL opening with statements, subscripts as BINARY_OP 26
# with constant slices, CALL_FUNCTION_EX's keyword slot, CO_HAS_DOCSTRING,
# all()/any()/tuple() of a generator compiled inline, threaded and/or
# jumps, `except A, B:` (PEP 758), try/else placed by borrowed loads.


def small_ints_and_slices(a, b):
    x = a[1]
    y = a[1:2]
    z = a[::-1, 3]
    a[b:] = x
    return x + 255 + 256, y, z, a[b][0:]


def first_constant_is_no_docstring(a):
    a = "not a docstring"
    return a


def documented(a):
    """A docstring."""
    return a


def with_statements(path, lock):
    with open(path) as handle:
        data = handle.read()
    with lock:
        pass
    with open(path) as a, open(path) as b:
        return a.read() + b.read()


async def async_with(manager):
    async with manager as value:
        return value


def loop_with_break(items, f):
    for item in items:
        if item:
            break
        f(item)
    else:
        f(None)
    total = 0
    for item in items:
        if item is None:
            continue
        total += item
    return total


def star_calls(f, args, kwargs):
    return f(*args), f(*args, **kwargs), f(1, *args, key=2)


def inlined_builtins(items):
    x = tuple(y for y in items)
    if any(y for y in items):
        return x
    return all(y > 0 for y in items)


def threaded_bool_values(a, b, c, d):
    return a and b or c and d, (a or b) and (c or d)


def unparenthesised_except(f):
    try:
        return f()
    except ValueError, TypeError:
        return None


def try_else_then_tail(s):
    try:
        x = s.f
    except KeyError:
        raise TypeError(s)
    else:
        y = x()
    return y


def try_then_tail(s):
    try:
        x = s.f
    except KeyError:
        raise TypeError(s)
    y = x()
    return y


def written_returns_after_or_test(a, b):
    if a == 1 or a.startswith("x"):
        return "x"
    return b


def returned_conditional_value(a, b, c):
    return b if a else c


def statements_on_one_line(line, n):
    partial = 0; n = n - 1
    while n > 0:
        n = n - 1
    return partial, n


def while_with_ending_body(self, outcome):
    while self.cleanups:
        function = self.cleanups.pop()
        with outcome.executor(self):
            function()
    return outcome.success


def while_continue_after_if_else(x, g):
    while x:
        if x:
            if x:
                g(1)
            else:
                g(2)
            continue


def while_ending_in_if_else(x, g):
    while x:
        if x:
            g(1)
        else:
            g(2)


def negated_membership_tests(x, y, z):
    if not x in y:
        raise ValueError(x)
    if not x is z and x not in z:
        return [v for v in y if not v in z]
    assert not x in z
    return not x in y
