"""Per-construct decompiler cases for expressions: comprehensions (3.12+
inlined ones too), chained comparisons, and/or and not in value context,
walrus, calls with unpacking, f-strings, slices, displays, lambdas,
decorators. Every function here must round-trip exactly on every version
3.8-3.13. Valid Python 3.8 syntax; names need not exist (nothing is executed)."""


def lc(y):
    return [x for x in y if x]


def gen(y):
    return sum(x for x in y)


def sc(y):
    return {x + 1 for x in y}


def dc(y):
    return {k: v for k, v in y.items() if v}


def nested(y):
    return [a for b in y for a in b if a if b]


def nested_comp(m):
    return [[c * 2 for c in row] for row in m]


def cells(y):
    return [lambda: x for x in y]


def in_cond(y):
    if [x for x in y if x > 1]:
        return 1
    return 2


def in_iter(z):
    return [x * 2 for x in [y + 1 for y in z]]


def two_comps(a, b):
    return [x for x in a], {y: 1 for y in b}


def tuple_target(d):
    return [k + v for k, v in d.items()]


def gen_if(y):
    return list(x for x in y if x if not x)


def starred_elem(y):
    return [[*x, 1] for x in y]


def in_call(f, y):
    f([x for x in y], key=1)


def after_stmt(y):
    a = 1
    b = {x for x in y}
    return a, b


def same_name(x):
    x = [x for x in x]
    return x


def genfn(y):
    for x in y:
        yield x


def cond_elem(y):
    return [a if a else b for a, b in y]


def bool_elem(y):
    return [a and b for a, b in y]


def in_try(y):
    try:
        z = [x for x in y]
    except ValueError:
        z = None
    return z


def gen_fn(y):
    yield [x for x in y]


def walrus_comp(y):
    return [z := x for x in y]


def if_comp(y):
    return [x for x in y if x if x > 1]


def dict_comp_if(d):
    return {k: v for k, v in d.items() if k not in v}


def val(a, b, c):
    return a < b < c


def cond(a, b, c):
    if a < b < c:
        return 1
    return 2


def long_val(a, b, c, d):
    x = a < b <= c == d
    return x


def chain_and(a, b, c, d):
    if a < b < c and d:
        f()


def chain_or_val(a, b, c, d):
    return a < b < c or d


def chain_in_call(a, b, c):
    f(a < b < c, 1)


def w_if(a):
    if (n := len(a)) > 10:
        return n
    return 0


def w_cond(f):
    if x := f():
        return x


def w_val(f):
    y = (x := f()) + 1
    return x, y


def w_stmt(f):
    (x := f())
    return x


def w_call(f, g):
    g(x := f(), 1)
    return x


def w_nested(v):
    a = (b := (c := v))
    return a, b, c


def chained(v):
    a = b = c = v
    return a, b, c


def chained_attr(o, v):
    a = o.x = b = v
    return a, b


def chained_attr_first(o, v):
    o.x = a = v
    return a


def w_while(f):
    while (line := f()) is not None:
        g(line)


def w_comp(y):
    return [z := x for x in y], z


def w_and(f, a):
    if a and (m := f()):
        return m


def w_and2(f, a):
    if a and f():
        return a


def w_and3(f, a):
    if a and f():
        return a
    g()


def plain_while(x):
    while x is not None:
        g(x)


def plain_while2(x):
    while x is not None:
        g(x)
    return 1


def fstrings(a, b, w):
    x = f"{a}"
    y = f"{a!r} and {b!s:>10} {a!a}"
    z = f"{a:{w}.{b}f}"
    v = f"pre {a + 1:05d} post {{}}"
    return x, y, z, v


def fstring_only_spec(a):
    return f"{a:>{a}}"


def starred_calls(f, a, b, k):
    f(*a, *b)
    f(1, *a, 2)
    f(**k, x=1)
    f(x=1, **k, y=2)
    f(*a, **k, **b)
    print(*a, sep='')
    return f(a, *b, c=1, **k)


def slices(a, i, j):
    return a[i:], a[:j], a[i:j:2], a[::-1], a[:, 1], a[i:j, ::2], a[...]


def slice_store(a, v, i):
    a[1:2] = v
    a[i:] = v
    del a[:i]


def displays(a, b):
    return {**a, 'x': 1, **b}, {*a, 1, *b}, [*a, *b], (*a, 1), {1: 2, **a}


def super_forms(self):
    super().f()
    super(C, self).g()
    x = super().attr
    return super().h(1, 2)


def lambdas(a):
    f = lambda x, y=1, *args, z=2, **kw: x + y
    g = lambda: a
    return f, g, (lambda *, k: k)


def bool_values(a, b, c):
    x = a and b or c
    y = a or b and c
    z = (a or b) and c
    w = not a
    v = not (a and b)
    return x, y, z, w, v


def ifexp_bool(a, b, c, d):
    x = (a and b) if c else (c or d)
    y = a if b and c else d
    return x, y


def ifexp_nested(a, b, c, d):
    return a if b else c if d else a


def not_in_value(a, b):
    return not a, a not in b, not (a is b)


def decorators(dec, a):
    @dec
    @dec.attr(1)
    def inner(x):
        return x
    return inner


def cond_and_or(a, b, c):
    if a and (b or c):
        return 1
    if (a or b) and c:
        return 2
    if not (a and b):
        return 3


def power_unary(a, b):
    return -a ** 2, (-a) ** 2, a ** -b, not -a, ~(a + b)


def compare_ops(a, b):
    return a is not b, a not in b, a in b, a is b, a != b


def await_free_yield(a):
    x = yield a
    y = yield
    yield from a
    return x, y


def tuple_returns(a, b):
    return a, b


def nested_funcs(a):
    def g(x, *, k=a):
        return x + k
    return g


def dict_comp_nested(a):
    return {k: [v for v in vs] for k, vs in a}


def string_concat(a):
    return "abc" "def", b"x", 'q"uote', "it's", "\n\t"


def s1(f):
    return f(*(1, 2))


def s2(f, k):
    return f(1, 2, **k)


def s3(f, k):
    return f(*(), **k)


def s4(f, a):
    return f(1, 2, *a)


def s5(f, k):
    return f(**k)


def v1(a, b, c, d):
    return a and b or c and d


def v2(a, b, c, d):
    return (a or b) and (c or d)


def v3(a, b, c):
    return not a and b or c


def v4(a, b, c, d):
    return a and b and c or d


def v5(a, b, c):
    return (a or b) and c


def v6(a, b, c):
    return (not a or b) and c


def v7(a, b, c, d):
    x = a.x and f(b) or c[d]
    return x


def v8(a, b, c):
    return a < b and c or None


def v9(a, b, c):
    f(a and b or c, key=a or b)


def v10(a, b, c, d):
    return (a if b else c) or d


def v12(a, b):
    return not (a or b)


def v13(a, b, c):
    return a == (b or c)


def v14(a, b, c):
    if (a and b) or c:
        return 1


def v16(a, b, c):
    return [x for x in a if x and b or c]


def f(key):
    mask, (reader, writer) = key.events, key.data
    return mask



def assert_is_not(line):
    assert line is not X
    return 1

def assert_and_message(a, b):
    assert a and b, "msg"

def raise_assertion_error_if(a, b):
    if a is b:
        raise AssertionError

def assert_in_tuple_message(a, b):
    assert a in b, (a, b)

def negated_membership(a, b):
    if not a < b:
        raise AssertionError("x")
    return not (a is b), not a in b



class ComprehensionInClass:
    z = [i for i in range(3)]

    def method(self, y):
        return [self.a + x for x in y]


def keywords_from_a_dict_display(self, key, value):
    self.configure(**{key: value})
    return self.configure(a=1, **{key: value})


def returned_conditional_with_constants(val):
    return "" if val == "unknown" else val


def returned_conditional_of_two_constants(self):
    return "" if any(map(self.strip().startswith, self.prefixes)) else True


def long_constant_set(x):
    values = {1, 2, 3, 4, 5, 6, 7, 8, 11, 14, 15}
    return x in values


def conditional_argument_in_last_call(self, state):
    object.__setattr__(self, "is_safe", make(state["is_safe"]) if "is_safe" in state else make.unknown)


def conditional_values_ending_alike(f, g, x, c):
    return print(f(x) if c else g(x))


# 3.13 fold `not not x` into a bare TO_BOOL.
def double_negation(self):
    return not not dir(self.object)


def slices_with_omitted_bounds(t, lines, v):
    # 3.12+ load None for an omitted bound (BINARY_SLICE / STORE_SLICE).
    a = t[2:]
    b = lines.pop(0)[2:]
    c = t[:]
    t[1:] = v
    t[:] = a
    return t[a:b] + t[b:] + t[::2] + c


def written_starred_tuple_in_call(self, func, *args, **kwargs):
    # 3.8: BUILD_TUPLE_UNPACK (not _WITH_CALL) builds a written `*(a, *b)`.
    self.addCleanup(*(func, *args), **kwargs)


def written_starred_tuple_without_keywords(func, args):
    return g(*(func, *args))


def written_keyword_display_after_keywords(self, t, s, c, policy):
    # 3.8: a run of keywords is one map; a second map right after it was a
    # written `**{...}` display.
    M.__init__(self, "text", s, policy=policy, **{"charset": str(c)})


def keyword_display_before_mapping(a, k):
    return h(a, **{"x": 1}, **k)


# (≤3.9: the RETURN_VALUE the peephole optimizer wrote over the jump to the
# return keeps the jump's line, curses.ascii.isxdigit.)
def chained_comparisons_over_lines(c): return isdigit(c) or \
    (65 <= _ctoi(c) <= 70) or (97 <= _ctoi(c) <= 102)
