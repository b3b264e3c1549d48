"""≤3.9 leave unreachable jumps and jump targets where an if or try had an else
clause: after a branch ending in a raise, after an inner if/else whose
branches both return, threaded on to an enclosing end or a loop's header;
after an except clause ending in a raise (the try's end, past its else).
Every function here must round-trip exactly on every version 3.8-3.13."""


def raise_then_elif(self, instance):
    if instance is None:
        if self.a:
            return self
        raise AttributeError()
    elif self.fget is None:
        raise AttributeError("x")
    return self.fget(instance)


def inner_if_else_returns(self, key, default=None):
    if key in self:
        value = self[key]
        if isinstance(value, list):
            return value[0].value
        else:
            return value.value
    else:
        return default


def inner_if_else_returns_then_elif(self):
    if self._created:
        if self._readable:
            return "xb+"
        else:
            return "xb"
    elif self._appending:
        return "ab"
    return "z"


def inner_elif_threaded_to_outer_end(a, b, c):
    if a:
        if b:
            raise X
        elif c:
            g()
    else:
        h()


def inner_returns_then_elif_falls(a, b, c):
    if a:
        if b:
            return 1
        else:
            return 2
    elif c:
        g()
    k()


def elif_after_raise_in_for(a, b):
    for x in a:
        if x:
            raise X
        elif b:
            g()


def elif_else_after_raise_in_while(a, b, c):
    while a:
        if b:
            raise X
        elif c:
            g()
        else:
            h()


def elif_after_raise_in_try_finally(a, b, c):
    try:
        if b:
            if c:
                return 1
            raise X
        elif c:
            g()
    finally:
        h()


def nested_elif_threaded_twice(a, b, c, d):
    if a:
        if b:
            if c:
                raise X
            elif d:
                g()
        else:
            h()
    return 5


def inner_returns_then_elif_continue(a, b, c):
    for x in a:
        if b:
            if c:
                return 1
            else:
                return 2
        elif c:
            continue
        g()


def raise_then_statements(self, timeout):
    if not self.owned():
        raise RuntimeError("x")
    waiter = self.lock()
    try:
        return waiter.acquire(timeout)
    finally:
        self.restore()


def return_then_statements_then_if_else(a, b):
    if a:
        return 1
    if b:
        return 2
    else:
        return 3


def return_then_else_ending_in_if_else(a, b, c):
    if a:
        if b:
            return 1
        if c:
            return 2
        else:
            return 3
    return 4


def inner_else_continue_threaded(pairs, strict, keep):
    r = []
    for nv in pairs:
        if len(nv) != 2:
            if strict:
                raise ValueError(nv)
            if keep:
                nv.append("")
            else:
                continue
        r.append(nv)
    return r


def inner_else_break_threaded(pairs, keep):
    for nv in pairs:
        if nv:
            if keep:
                nv.append("")
            else:
                break
        g(nv)
    return 1


def raise_else_return_at_end(path):
    parent, name = split(path)
    if parent:
        raise ValueError(path)
    else:
        return name


def try_else_after_raising_clause_in_if(self, size):
    if size is None:
        size = -1
    else:
        try:
            size_index = size.__index__
        except AttributeError:
            raise TypeError(size)
        else:
            size = size_index()
    return size


def try_else_after_raising_named_clause_in_if(self, size):
    if size is None:
        size = -1
    else:
        try:
            size_index = size.__index__
        except AttributeError as e:
            raise TypeError(size) from e
        else:
            size = size_index()
    return size


def try_else_after_raising_and_returning_clauses_in_if(self, size):
    if size is None:
        size = -1
    else:
        try:
            size_index = size.__index__
        except AttributeError:
            raise TypeError(size)
        except KeyError:
            return 5
        else:
            size = size_index()
    return size


def try_raising_clause_then_code_in_if(self, size):
    if size is None:
        size = -1
    else:
        try:
            size_index = size.__index__
        except AttributeError:
            raise TypeError(size)
        size = size_index()
    return size


def written_continue_before_else(items, f):
    for b in items:
        if not b.enabled:
            continue
        b.hits += 1
        if not b.cond:
            if b.ignore > 0:
                b.ignore -= 1
                continue
            else:
                return (b, True)
        else:
            f(b)
    return None


def written_break_before_else(items, f):
    for b in items:
        if b.a:
            if b.ignore > 0:
                b.ignore -= 1
                break
            else:
                return b
        else:
            f(b)
    return None


def inner_continue_then_elif(names, namer, base):
    out = []
    for name in names:
        if namer is None:
            if not name.startswith(base):
                continue
        elif name.endswith(base):
            continue
        out.append(name)
    return out


def elif_ending_in_break_test_at_loop_end(pattern, iscased):
    prefix = []
    for op, av in pattern:
        if op is LITERAL:
            if iscased and iscased(av):
                break
            prefix.append(av)
        elif op is SUBPATTERN:
            got_all = g(av)
            if not got_all:
                break
        else:
            break
    return prefix


# ≤3.9 thread the test's jump through an `else: continue` (a lone jump) to
# the loop's header, leaving the clause dead after the branch's jump over it.
def threaded_else_break_continue(a, b):
    while a:
        if b:
            if a < 0:
                break
            else:
                continue
        a()


def threaded_else_continue_after_raise(a, b):
    while a:
        a()
        if b:
            raise ValueError
        else:
            continue

