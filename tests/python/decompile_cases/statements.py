"""Per-construct decompiler cases: every function here must round-trip exactly
(decompile -> recompile -> equal normalised bytecode) on every version 3.8-3.13.
Valid Python 3.8 syntax; names need not exist (nothing is executed)."""


def straight_line(a, b=1, *args, c, d=2, **kwargs):
    x = a + b * c - d / 2 // 3 % 4 ** 5
    y = -x, +x, ~x, not x
    z = a[1], a[1:2], a[::2], a[1:2, 3], a.b.c
    a.b = x
    a[0] = y
    del a[1], a.b
    return z


def docstring_function(a):
    """A docstring that must survive."""
    return a


def calls(f, a, b):
    f(1, 2, key=3)
    f(*a)
    f(*a, **b)
    f(1, *a, k=2, **b)
    a.method(1, k=2)
    return f(a)(b)


def augmented(a, b):
    a += 1
    a.x -= 2
    a[b] *= 3
    b //= a
    return a


def augmented_slices(a, lo, hi):
    # (3.12+ BINARY_SLICE/STORE_SLICE: the load and the store each build a
    # slice of the same bounds.)
    a[lo:hi] += [1]
    a[lo():] *= 2
    a[:hi] -= lo
    a[lo:hi:2] |= hi
    return a


def unpacking(a):
    x, y = a
    (p, q), r = a
    first, *rest = a
    x, y = y, x
    x, y, z = z, y, x
    return first, rest, p, q, r


def chained_assignment(a):
    x = y = a
    x.a = y[0] = a
    return x, y


def conditionals(a, b):
    if a:
        x = 1
    elif b:
        x = 2
    else:
        x = 3
    if a and b:
        x += 1
    if a or b:
        x += 2
    if not a:
        x += 3
    if a and (b or x):
        x += 4
    return x


def early_returns(a):
    if a is None:
        return 0
    if a > 3:
        return 1
    return 2


def ternary_and_boolean_values(a, b, c):
    x = a if b else c
    y = a and b
    z = a or b or c
    return x, y, z


def for_loops(items):
    total = 0
    for item in items:
        if item < 0:
            continue
        if item > 100:
            break
        total += item
    for i, (k, v) in enumerate(items):
        total += i
    for x in items:
        pass
    else:
        total = -1
    return total


def while_loops(n):
    while n > 0:
        n -= 1
        if n == 5:
            break
    while True:
        n += 1
        if n > 10:
            return n


def nested_functions(a):
    def inner(b, c=2):
        return a + b + c

    square = lambda x: x * x
    return inner(square(a))


def closures(a):
    counter = 0

    def bump():
        nonlocal counter
        counter += a
        return counter

    return bump


def uses_global(a):
    global SOME_GLOBAL
    SOME_GLOBAL = a
    return SOME_GLOBAL


def comprehensions_before_312(a):
    return [x for x in a], {x for x in a if x}, {k: v for k, v in a}, (x for x in a)


def imports():
    import os
    import os.path as p
    from collections import OrderedDict, defaultdict as dd
    from . import sibling
    from ..parent import thing
    return os, p, OrderedDict, dd, sibling, thing


def displays(a, b):
    return [1, 2, 3], (a, b), {a: b, 1: 2}, {a, b}, [*a, *b], {**a, 'k': b}


def fstrings(a, b):
    return f"{a}", f"{a!r} and {b:>10}", f"x{a}y{b!s}z"


def raising(a):
    if a:
        raise ValueError(a)
    raise ValueError(a) from a


def yields(a):
    yield a
    x = yield
    yield from a
    return x


class Simple:
    """Class docstring."""

    attribute = 1

    def method(self, a):
        return self.attribute + a

    @staticmethod
    def static(a):
        return a

    @property
    def prop(self):
        return self.attribute


# A class statement with `*` bases or `**` keywords calls __build_class__
# by CALL_FUNCTION_EX, the class body inside the argument tuple.
def class_with_double_star_keywords(Base, options):
    class Configured(Base, **options):
        pass

    return Configured


def class_with_star_bases(bases, Meta, decorate):
    @decorate
    class Mixed(*bases, Meta, metaclass=Meta, **Meta.options):
        attribute = 1

        def method(self):
            return Mixed

    return Mixed


def while_one_with_break(lexer):
    while 1:
        token = lexer.get()
        if not token:
            lexer.done = -1
            break
        print(token)


def while_one_reusing_the_constant(self, item):
    items = []
    while 1:
        x = self.next()
        if x == 0:
            break
        if x != 1:
            raise ValueError(x)
        items.append(item())
    return items


def branches_that_join_at_a_raise(self, name):
    if hasattr(self, name):
        msg = "read-only"
    else:
        msg = "missing"
    raise AttributeError(msg.format(name))


def return_before_a_final_raise(T, S):
    if T is S:
        return T
    if issubclass(T, float) and issubclass(S, int):
        return T
    msg = "cannot coerce %s and %s"
    raise TypeError(msg % (T, S))


def raise_under_a_compound_condition(dt, usegmt):
    if usegmt:
        if dt.tzinfo is None or dt.tzinfo != 0:
            raise ValueError("usegmt needs UTC")
        zone = "GMT"
    elif dt.tzinfo is None:
        zone = "-0000"
    else:
        zone = dt.strftime("%z")
    return zone


def break_back_to_the_outer_loop(mode, tables):
    perm = []
    for table in tables:
        for bit, char in table:
            if mode & bit == bit:
                perm.append(char)
                break
        else:
            perm.append("-")
    return "".join(perm)


def while_with_or_condition(self):
    a, b = self.parse_item()
    while self.value in ("(", "[") or self.type in (1, 2):
        c, d = self.parse_item()
        b.addarc(c)
        b = d
    return a, b


def branch_that_returns_part_of_the_way(url):
    if "/" in url:
        i = url.find(";", url.rfind("/"))
        if i < 0:
            return url, ""
    else:
        i = url.find(";")
    return url[:i], url[i + 1:]


def nested_returns_in_both_branches(drv, root, parts, drv2, root2, parts2):
    if root2:
        if not drv2 and drv:
            return drv, root2, parts2
    elif drv2:
        if drv2 == drv or drv2.lower() == drv.lower():
            return drv, root, parts + parts2
    else:
        return drv, root, parts + parts2
    return drv2, root2, parts2


def if_else_returning_from_both_branches(c):
    if type(c) == type(""):
        return ord(c)
    else:
        return c


def elif_chain_returning_everywhere(a, b):
    if a:
        return 1
    elif b:
        return 2
    else:
        return 3


def early_return_before_a_final_raise(flag):
    if not flag:
        return
    raise ValueError("cannot block")


def if_that_leaves_at_the_end_of_a_loop_body(self, other):
    for value in other:
        if value in self:
            return False
    return True


def written_continue_before_the_rest_of_the_body(cls, args, kwargs):
    for key in kwargs:
        if key not in cls.fields:
            continue
        pos = cls.fields.index(key)
        if pos < len(args):
            raise TypeError(key)
    return cls


def while_not_with_a_call_before(self):
    self.close_connection = True
    self.handle_one_request()
    while not self.close_connection:
        self.handle_one_request()


class PrivateMethods:
    def __setup(self):
        return 1

    def run(self):
        return self.__setup()


def private_method_call(obj):
    return obj.run()


async def async_generator_with_bare_return(source):
    if source is None:
        return
    yield source


def else_returning_none_explicitly(fd, pipes):
    if fd in pipes:
        return pipes[fd].pipe
    else:
        return None


def early_return_none_then_else(info, table):
    if info is None:
        return None
    else:
        key = id(info)
        table[key] = info
        return key


def final_else_with_inner_if(platform, have_handle):
    if platform == "win32":
        return ["spawn"]
    else:
        methods = ["spawn", "fork"] if platform == "darwin" else ["fork", "spawn"]
        if have_handle:
            methods.append("forkserver")
        return methods


def nested_if_with_raising_else(self, label):
    if isinstance(label, str):
        if label not in self._labels:
            self._labels.append(label)
    else:
        raise TypeError("label must be a string: %s" % type(label))


def condition_over_two_lines(h):
    if len(h) >= 3 and \
            h[0] == ord(b"P") and h[1] in b"36" and h[2] in b" \t\n\r":
        return "ppm"


def explicit_return_none_after_loop(node):
    c = node.parentNode
    while c is not None:
        if c.nodeType == 1:
            return c
        c = c.parentNode
    return None


def if_chain_ending_in_else_raise(x):
    if x:
        print(x)
    else:
        raise ValueError(x)


def closure_over_declared_only():
    a = 1

    def f():
        nonlocal a

    return f.__closure__[0]


def unpack_repeated_target(t):
    # 3.13 turn the first of two adjacent stores to `_` into POP_TOP.
    width, _, _ = t
    for x, _, _ in t:
        width += x
    return width


def unpacking_with_several_repeated_targets(group):
    return any(tag in {"replace", "delete"} for tag, _, _, _, _ in group)


def unpacking_with_repeated_targets_between(t):
    a, _, _, b, _ = t
    return a, b


def unpacking_call_result_into_leading_repeated_targets(module):
    # The first item is popped, not stored: still `_`, not temporaries.
    _, _, name = module.rpartition(".")
    return name


# ≤3.9 keep the dead jump over the else clause after a branch that ends
# in a raise: it says there was an else (and elif) ...
def elif_after_raising_branch(self, path):
    if path == "":
        raise ImportError("empty pathname", path="")
    elif os.path.isdir(path):
        raise ImportError("existing directory", path=path)


# ... also after a bare raise.
def else_after_bare_raise(self, e):
    if self.errorlevel > 1:
        raise
    else:
        self._dbg(1, "tarfile: %s" % e)


# A generator whose only yield is dead code keeps the generator flag.
def generator_without_live_yield():
    while False:
        yield None


# ≤3.9 thread only some jumps: the innermost branch jumps to the jump
# that ends the middle if's branch, which goes on to the end.
def nested_if_else_three_levels(x):
    if x.a:
        if x.b:
            if x.c:
                g(1)
            else:
                g(2)
        else:
            g(3)
    else:
        g(4)


# An assert that always fails: 3.10+ drop its test, leaving the raise of
# LOAD_ASSERTION_ERROR (not the name AssertionError). 3.10/3.11 may keep
# its constant in co_consts, which tells 0 from False.
def assert_that_always_fails(self, kind):
    if kind == 1:
        return self.one()
    assert 0, "unknown kind %r" % kind



# The raising branch is a dead end: the other branch jumps over it to
# where the if statement ends (the code after it is dominated by that
# branch, so no post-dominator says so).
def if_else_raise_then_code(c):
    if c:
        print(1)
    else:
        raise ValueError
    print(2)
    return 3

def if_elif_else_raise_then_code(c, d):
    if c:
        print(1)
    elif d:
        print(0)
    else:
        raise ValueError
    print(2)

def if_else_raise_then_code_in_loop(c):
    for x in c:
        if x:
            print(1)
        else:
            raise ValueError
        print(2)

def if_else_raise_then_code_in_try_finally(c):
    try:
        if c:
            print(1)
        else:
            raise ValueError
        print(2)
    finally:
        print()


def debug_block(self, name):
    """3.10/3.11 keep the True that `if __debug__:` folds to in co_consts:
    the block is put back where the constants after it begin."""
    if __debug__:
        if self.debug >= 3:
            self.dump(name)
    return self.command("NOOP", name)


def debug_block_inside_if(self, mailbox, readonly):
    # The constant before the True came from the if's test: the block
    # stood in the if's body.
    self.state = "SELECTED"
    if "READ-ONLY" in self.responses and not readonly:
        if __debug__:
            if self.debug >= 1:
                self.dump(self.responses)
        raise self.readonly("%s is not writable" % mailbox)
    return self.responses.get("EXISTS", [None])


def debug_block_in_loop_body(self, lines):
    for line in lines:
        if line.startswith("*"):
            if __debug__:
                if self.debug >= 1:
                    self.mesg("untagged %r" % line)
            self.untagged.append(line)
        else:
            self.rest.append(line)


def debug_block_and_while_true(self):
    # (A `while True:` explains the True by itself: nothing to put back.)
    while True:
        if self.more():
            break
    if __debug__:
        self.dump(4)


def if_then_else_raise_at_end(self, sequence):
    # 3.10+ copy the implicit return into the first branch, laid out
    # before the raise: the raise stays the if's else clause.
    if isinstance(sequence, str):
        if sequence not in self._sequences:
            self._sequences.append(sequence)
    else:
        raise TypeError("sequence type must be str: %s" % type(sequence))


def chained_assignment_attribute_first(self, o, make):
    # The value is stored to an attribute first, then to a name, then to
    # another target: one assignment, one evaluation.
    self.root = root = o.x = make()
    self.a = b = c = make()
    return root, b, c


# 3.11+ swap (≤3.10 rotate) the values of a tuple assignment whose targets
# unpack further: the unpacking goes with the swap.
def nested_unpack_targets(x, y, p, q):
    (a, b), (c, d) = x, y
    (e, *f), g, (h, i) = p(), q(), x
    return a, b, c, d, e, f, g, h, i


def delete_of_free_variable():
    a = 1

    def inner():
        nonlocal a
        del a

    return inner
