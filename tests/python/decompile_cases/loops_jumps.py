"""Loops whose break/continue/exits meet try statements, nested handlers and
while tests: each function must round-trip exactly on every version."""


def nested_try_in_handler(v):
    try:
        t = a(v)
    except E:
        try:
            t = b(v)
        except E:
            raise X()
    g(t)


def if_then_while(self, offset):
    if self._size < 0:
        while self.read(5):
            pass
    offset = self._size + offset
    return offset


def if_then_while_compound(a, b, c):
    if a:
        while b and c():
            a += 1
    return a


def if_and_then_while(a, b, c):
    if a and b:
        while c():
            a += 1
    return a


def elif_pass(whence, offset):
    if whence == 0:
        pass
    elif whence == 2:
        offset = f(offset)
    else:
        raise ValueError("x")
    return offset


def continue_in_except_then_code(xs):
    for x in xs:
        try:
            f(x)
        except ValueError:
            continue
        g(x)


def continue_in_except_else(xs):
    for x in xs:
        try:
            f(x)
        except ValueError:
            continue
        else:
            g(x)


def break_in_except_then_code(xs):
    for x in xs:
        try:
            f(x)
        except ValueError:
            break
        g(x)
    return xs


def except_clause_and_else_end_loop_body(xs, header):
    n = 0
    for col, kind in xs:
        if kind == 0:
            n += 1
        else:
            try:
                kind(header[col])
            except (ValueError, TypeError):
                n += 1
            else:
                n -= 1
    return n > 0


def while_continue(xs):
    while xs:
        if c():
            continue
        h()


def while_continue_in_except(xs):
    while xs:
        try:
            d = g()
        except TypeError:
            continue
        h(d)


def while_compound_continue(a, b):
    while a and b:
        a = f(a)
        if a is None:
            continue
        b = g(b)
    return a


def while_compound_or_test(y, R, L, M):
    while (R <= L and abs(y) << L - R >= M or
           R > L and abs(y) >> R - L >= M):
        y = f(y)
        R += 1
    return y


def for_else_break_to_outer_header(C, methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


def try_ends_loop_body(obj, name):
    for subpath in name.split('.'):
        if subpath == '<locals>':
            raise AttributeError(name)
        try:
            parent = obj
            obj = getattr(obj, subpath)
        except AttributeError:
            raise AttributeError(name) from None
    return obj, parent


def break_in_try_body(paths, basename):
    stat = None
    for dirname in paths:
        try:
            stat = os_stat(join(dirname, basename))
            break
        except OSError:
            pass
    g(stat)


def continue_in_except_and_break_in_try(paths, basename):
    stat = None
    for dirname in paths:
        try:
            fullname = join(dirname, basename)
        except (TypeError, AttributeError):
            continue
        try:
            stat = os_stat(fullname)
            break
        except OSError:
            pass
    return stat


def continue_in_try_body(xs):
    for x in xs:
        try:
            f(x)
            continue
        except OSError:
            g(x)
        h(x)


def nested_if_else_continue_then_more(s, c, d):
    for p in s:
        if c:
            if p:
                d = 1
            else:
                continue
        if not d:
            continue
        s.update(p)


def nested_elif_continue_then_more(s, c, d):
    for p in s:
        if c:
            if p:
                d = 1
            elif p not in d:
                continue
        s.update(p)


def continue_inside_if_then_more(s, c, d):
    for p in s:
        if c:
            d = 2
            if p:
                continue
            d = 3
        s.update(p)


def if_else_ending_loop_body_with_inner_if(skip, quiet, path, success):
    for item in path:
        if (not item or item == 1) and skip:
            if quiet < 2:
                print("skipping")
        else:
            success = success and len(item)
    return success


# The only exits of the loop lie in the elif branch: its head
# post-dominates the first test without being where the branches meet.
def members_then_loaded(self, index):
    while True:
        if index < len(self.members):
            tarinfo = self.members[index]
        elif not self._loaded:
            tarinfo = self.next()
            if not tarinfo:
                self._loaded = True
                return
        else:
            return
        index += 1
        yield tarinfo


# A loop body that always raises never gets back to the header: the
# conditional value in it meets outside the natural loop.
def conditional_value_in_body_that_raises(xs, a, b):
    for i in xs:
        fn = a if b else i
        raise ValueError(fn)


# ... and a raise and an endless loop never meet.
def raise_or_endless_loop_in_loop(grouping):
    last_interval = None
    for interval in grouping:
        if interval == CHAR_MAX:
            return
        if interval == 0:
            if last_interval is None:
                raise ValueError("invalid grouping")
            while True:
                yield last_interval
        yield interval
        last_interval = interval


# 3.10/3.11: the inner loop's break falls straight into its exit, the jump
# back of the outer loop (no jump of its own).
def for_break_ending_while_body(x):
    while True:
        for i in x:
            break


# The inner loop's break pops the inner iterator, not the outer one: the
# outer loop's own break is the one after the inner loop.
def for_break_then_break_else_raise(x, g):
    for entry in x:
        for i in x:
            break
        break
    else:
        raise ValueError
    if x:
        with x as file:
            g()


# 3.10+ `while c:` whose body starts with `while True:`: both loops jump
# back to the body's first instruction, one loop in the graph.
def while_true_first_in_while(x):
    while x:
        while True:
            if x:
                break


# ... the same with an inverted `while` whose `continue` jumps to its top test.
def while_with_continue_first_in_while(x, y, z, g):
    while x:
        while y:
            if z:
                continue
            g()


# ... and a for loop's break threaded straight to the outer loop's test
# (the inner `while True:` loop's break has no jump of its own).
def for_break_threaded_past_while_true(x, y):
    while x:
        while True:
            for i in y:
                if i:
                    break
            else:
                continue
            break


# A loop with no way out after an if/elif whose else raises: the branches
# meet at the loop's header, though nothing after it ever returns.
def endless_loop_after_if_elif_else_raise(x, g):
    if x:
        g(1)
    elif x:
        g(2)
    else:
        raise ValueError
    while 1:
        g(3)


# The inner loop's break lies in body code that never gets back to its
# header (the other branch raises): a lone jump, still a break; <=3.9 keep
# the dead jump over the else clause after it.
def break_or_raise_in_nested_endless_loops(x, g):
    while 1:
        g()
        while 1:
            if x:
                if x:
                    break
                else:
                    raise ValueError(x)


def break_or_raise_nested_if_in_endless_loop(x):
    while 1:
        if x:
            if x:
                break
            else:
                raise ValueError(x)


# <=3.9: the break after the if/else jumps to the shared `return None`
# ending the function, and both branches' jumps are threaded to it: a
# break, not a return.
def break_after_ifelse_to_shared_return(x, g):
    while 1:
        if x:
            if x:
                g(1)
            else:
                g(2)
            g(3)
            break


# A `continue` ending the loop body after an if/else: <=3.9 keep the
# latch after it as dead code, the only sign the continue was written.
def continue_after_ifelse_ending_body(x, g):
    while x:
        if x:
            if x:
                g(1)
            else:
                g(2)
            continue


# `a or b >= c > 0` breaking out of the loop at the end of the function:
# 3.12+ give each exit of the condition its own copy of the `return None`
# after the loop (the chained comparison falls into its copy); 3.10/3.11
# make the break that copy, reached by both, laid out inside the loop.
def or_chained_compare_break_at_end(x):
    while True:
        if x or x >= x > 0:
            break


def chained_compare_test_in_for_then_raise(opt, shortopts):
    # The chain's cleanup jumps straight back to the loop's header (3.10/
    # 3.11), so the false test's own jump back there is no written continue.
    for i in range(len(shortopts)):
        if opt == shortopts[i] != ":":
            return shortopts.startswith(":", i + 1)
    raise ValueError(opt)


def generator_if_for_falls_off_end(self):
    # 3.10/3.11 copy the implicit return to the if's false jump and to the
    # for loop's exit, each with its statement's line: no written return.
    yield self
    if self.is_multipart():
        for subpart in self.get_payload():
            yield from subpart.walk()


def while_true_branch_continues_rest_follows(q):
    # 3.10+: the `continue` is a backward jump of its own; an else clause
    # would jump forward to the loop's closing jump instead.
    while True:
        w = q.get()
        if w is not None:
            w.run()
            continue
        q.put(None)
        if w:
            return
        del w


def for_branch_continues_rest_follows(q):
    # In a for loop both spellings compile alike (the jump is threaded).
    for w in q:
        if w is not None:
            w.run()
            continue
        q.put(None)


def while_true_if_else_at_body_end(q):
    while True:
        w = q.get()
        if w:
            w.run()
        else:
            q.put(w)


def endless_loop_left_by_final_break_inside_if(unwrap, g):
    # The break is the body's last statement: no jump, the loop is left by
    # falling out of the last test into code an enclosing if joins.
    if unwrap is not None:
        while True:
            if hasattr(unwrap, "__wrapped__"):
                unwrap = unwrap.__wrapped__
                continue
            if isinstance(unwrap, list):
                unwrap = unwrap[0]
                continue
            break
        if hasattr(unwrap, "__globals__"):
            g = unwrap.__globals__
    if g is None:
        g = 1
    return g


def nested_for_else_continue_then_break_outer_else_returns(line, chars, n):
    # The inner loop's else continues the outer loop, so the code after it
    # is reached only by the inner breaks; it breaks the outer loop, whose
    # else clause returns and comes before the code after the outer loop.
    for ch in chars:
        for i in range(n, 0, -1):
            if ch == line[i]:
                break
        else:
            continue
        break
    else:
        line.append(ch)
        return
    line.insert(i, ch)


def endless_loop_left_by_else_break(s, g):
    # ≤3.9 thread the condition's jump through the `break` to the code
    # after the loop: that unreachable jump says where the loop ends.
    while 1:
        m = g(s)
        if m:
            s = s + m
        else:
            break
    return s


def shared_written_continue(xs, g):
    # 3.12+ copy the loop body's closing jump into each test that reaches
    # it; one jump shared by both tests is a written `continue`.
    for x in xs:
        m = g(x)
        if not m or not callable(x):
            continue
        g(m)
    for x in xs:
        m = g(x)
        if m and callable(x):
            g(m)
    while xs:
        x = xs.pop()
        if not x or not g(x):
            continue
        g(x, x)


def while_true_else_branch_continues(g, h):
    # 3.10+: the written continue jumps to the NOP of the while line, the
    # body's end past it; ≤3.9: a dead latch follows the continue.
    while True:
        if g():
            h(1)
        else:
            h(2)
            continue


def while_true_nested_continue_at_end(g, h):
    while True:
        if g():
            return 1
        if h():
            h(1)
        else:
            h(2)
            continue
# ≤3.9: `if c: X; continue` + more code ending an elif branch at a loop
# body's end: the jump closing the branch goes to the chain's end, far
# enough to need an EXTENDED_ARG, so the peephole optimizer could not
# thread a jump over an else clause through it. The first branch's jump
# straight to the header was the written continue (telnetlib
# Telnet.process_rawq).
def elif_branch_continue_then_code_in_long_loop(self, c, a, b, g):
    while self.rawq:
        if not self.seq:
            g(c)
        elif len(self.seq) == 1:
            if c in (a, b):
                self.seq += c
                continue
            self.seq = b""
            if c == a:
                g(1)
            else:
                g(2)
        elif len(self.seq) == 2:
            g(0, a, b, c)
            g(1, a, b, c)
            g(2, a, b, c)
            g(3, a, b, c)
            g(4, a, b, c)
            g(5, a, b, c)
            g(6, a, b, c)
            g(7, a, b, c)
            g(8, a, b, c)
            g(9, a, b, c)
            g(10, a, b, c)
            g(11, a, b, c)


# ≤3.9: the other way round: an if/elif chain ending at the loop's latch,
# whose branches' jumps to that latch were threaded straight to the
# header, has no `continue` in it (telnetlib Telnet.interact).
def if_elif_chain_threaded_through_latch(self, sel, g):
    for key in sel:
        if key is self:
            text = g()
            if text:
                g(text)
        elif key is g:
            line = g()
            if not line:
                return
            self.write(line)


# A while loop ending a for body (3.12+: its top test falls into a lone
# JUMP_BACKWARD to the for loop's header, no conditional jump goes back).
def while_ending_for_body(rows, pending, other):
    for row in rows:
        if row is None:
            yield row
            continue
        while pending or other:
            if pending:
                row = pending.pop()
            yield row


def simple_while_ending_for_body(rows, pending):
    for row in rows:
        while pending:
            yield row


# The same with a break whose branch runs code of its own first: that code
# stays inside the while loop.
def while_ending_for_body_breaks(words, seen, bad):
    for word in words:
        fragment = word
        while fragment:
            if fragment in seen:
                bad[fragment] = 0
                break
            seen[fragment] = word
            fragment = fragment[:-1]
    return bad


def while_if_return_none_at_end(a, c):
    # (≤3.9: c's false jump goes back to the header, its true branch is a
    # copy of the exit; the loop test is no operand of c's condition.)
    while a():
        if c():
            return None


def while_true_if_or_continue(a, b):
    while True:
        if a() or b():
            continue
        f()
