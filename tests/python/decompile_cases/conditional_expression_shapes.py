"""Conditional expressions whose arms the compiler turns into returns.

Lambdas whose body is a conditional expression: 3.10+ copy the return into
both arms, so the decompiled body is an if statement turned back into IfExp.
3.8/3.9 `return (a if b else c) if d else e`: the peephole optimizer gives the
inner conditional's second arm a return of its own."""


def lambda_conditional(sqrt):
    return {"a": lambda p: sqrt(2 * p) - 1 if p < 0.5 else 1 - sqrt(2 - 2 * p)}


def lambda_nested_conditional():
    return lambda x: "neg" if x < 0 else "zero" if x == 0 else "pos"


def lambda_conditional_in_arm():
    return lambda x, y: (x if y else -x) if x > y else y


def lambda_conditional_boolean_test():
    return lambda a, b: a if a and not b else b


def lambda_conditional_call_argument(items):
    return sorted(items, key=lambda item: item[0] if isinstance(item, tuple) else item)


def returned_nested_conditional(x, y):
    return (x if y else -x) if x > y else y


def returned_nested_conditional_in_else(x, y):
    return y if x > y else (x if y else -x)


def chained_comparison_after_or(c):
    return len(c) or (65 <= ord(c[0]) <= 70)


def chained_comparisons_in_or_chain(c):
    return len(c) > 3 or (65 <= ord(c) <= 70) or (97 <= ord(c) <= 102)


# 3.10+ copy the short exit into both branches of a conditional value
# that ends the function: one line says it was one statement ...
def conditional_value_stored_last(self, debuglevel=None):
    self._debuglevel = debuglevel if debuglevel is not None else http.client.HTTPConnection.debuglevel


# ... and a raise ending the function is such an exit too.
def conditional_value_raised_last(self, msg=None):
    if self.closed:
        raise ValueError("I/O operation on closed file."
                         if msg is None else msg)


# A conditional expression as the test of an if, a filter or an and/or
# operand: b is tested, then a on one side and c on the other, and both
# tests go to the same two places.
def ifexp_as_if_test(a, b, c, g):
    if (a if b else c):
        g()


def ifexp_as_if_test_with_else(a, b, c, g, h):
    if (a if b else c):
        g()
    else:
        h()
    return 1


def ifexp_as_and_operand(a, b, c, d, g):
    if d and (a if b else c):
        g()


def ifexp_as_or_operand(a, b, c, d, g):
    if (a if b else c) or d:
        g()


def ifexp_as_comprehension_filter(fields):
    return [f for f in fields if (f.compare if f.hash is None else f.hash)]


def ifexp_with_negated_test(a, b, c, g):
    if (a if not b else c):
        g()


def ifexp_with_compares(a, b, c, d, g):
    if (a.x if b is None else c != d):
        g()


def ifexp_filter_in_loop(fields, r):
    for f in fields:
        if (f.compare if f.hash is None else f.hash):
            r.append(f)


def nested_ifs_that_only_continue(names, base, namer, e):
    # The same tests and jumps as a conditional expression filter; the
    # lines tell the statements apart.
    result = []
    for name in names:
        if namer is None:
            if not name.startswith(base):
                continue
        else:
            if not name.startswith(base) and name.endswith(e):
                continue
        result.append(name)
    return result


def ifexp_assigned_over_lines_at_end(self, state, sys, codecs):
    # 3.10+ copy the assignment and the implicit return into both values'
    # branches; they keep the assignment's line, before the test's.
    state = state[1]
    if state == 0:
        self.decoder = (codecs.be
                        if sys.byteorder == "big"
                        else codecs.le)
    elif state == 1:
        self.decoder = (codecs.le
                        if sys.byteorder == "big"
                        else codecs.be)
    else:
        self.decoder = None


def ifs_assigning_at_end(self, state, sys, codecs):
    if state == 0:
        if sys.byteorder == "big":
            self.decoder = codecs.be
        else:
            self.decoder = codecs.le
    else:
        self.decoder = None


def ifexp_tested_by_ifexp_in_try(a, b, c, x, w, y, z, t):
    # The test of a conditional expression tested as a condition is one
    # itself; ≤3.9 leave a dead jump over c after the chained comparison.
    try:
        if (a <= b != x) if (y if w else z) else c:
            t(x)
    except KeyError:
        pass


def ifexp_of_and_tested_by_ifexp(a, b, c, x, w, y, z, t):
    if (a and x) if (y if w else z) else c:
        t(x)
    t(a)


def ifexp_with_negated_side_tested(a, b, y, u, v):
    # `not y` jumps when y holds to where b goes when it does not.
    if not y if a else b:
        u()
    v()


def ifexp_with_negated_side_in_clause(a, b, y, u, g):
    try:
        g()
    except KeyError:
        if not y if a else b:
            u()
        elif b < y:
            raise ValueError(b)
    return y


def ifexp_side_of_ifexp_tested_in_with(a, x, y, z, cm):
    # The inner expression's second side falls into the outer one's jump
    # over z.
    with cm:
        if y:
            pass
        elif (x if a else y) if x else z:
            return 4
    return y
