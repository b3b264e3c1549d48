"""Loops whose way back is an except clause that ends in `continue`.

(`while c: try: <no normal exit> except E: ...`, heapq.merge, where ≤3.9 lost
the loop-back, is locked in by tests/python/test_decompiled_behaviour.py: it
decompiles right on every version but recompiles differently on 3.10+.)"""


def while_true_if_try_continue(h, g, k):
    while 1:
        if len(h) > 1:
            try:
                while 1:
                    h.pop()
            except IndexError:
                g(h)
                continue
        k(h)


def for_if_try_continue(h, g, k):
    for x in h:
        if x:
            try:
                while True:
                    h.pop()
            except IndexError:
                g(h)
                continue
        k(h)


def break_in_try_of_for_else(p, hooks):
    for h in hooks:
        try:
            x = h(p)
            break
        except ImportError:
            pass
    else:
        x = None
    return x


def break_after_statements_in_for_else(values):
    for v in values:
        if v % 2 == 0:
            found = v
            break
    else:
        found = -1
        print("none")
    return found


def loop_left_only_by_except_clause_then_elif(items, strip, flags):
    if strip or "X" in flags:
        while True:
            try:
                index = items.index("-arch")
                del items[index : index + 2]
            except ValueError:
                break
    elif not flags:
        for idx in reversed(range(len(items))):
            if items[idx] == "-arch":
                del items[idx : idx + 2]
    if "X" in flags and not strip:
        items = items + flags["X"].split()
    return items


def for_body_always_returns(mapping):
    for key in mapping:
        return (key, mapping[key])
    raise KeyError("empty")


def while_true_try_at_header_break_in_clause(items, strip):
    if strip:
        while True:
            try:
                index = items.index("-arch")
            except ValueError:
                break
    else:
        print()
    return items


def while_true_try_except_continue_then_break(g):
    # <=3.9 thread the try body's jump to the break after the try: no dead
    # ending after it, so the break is not the body's.
    while True:
        try:
            g()
        except ValueError:
            continue
        break



def break_out_of_try_finally(xs, g):
    # The finally body's copy (3.8: CALL_FINALLY) runs before the break.
    for x in xs:
        try:
            if x:
                break
        finally:
            g()


def continue_out_of_try_finally(xs, g):
    for x in xs:
        try:
            if x:
                continue
            g(1)
        finally:
            g()


def break_in_clause_inside_try_finally(d, g):
    while d:
        try:
            k, v = d.popitem()
        except KeyError:
            break
        finally:
            g()


def with_break_in_while_true(lock, q, blocking, g, h):
    while True:
        with lock:
            if not q:
                break
            now = g()
        if now:
            if not blocking:
                return now
            h(now)
        else:
            h(0)




# 3.12+: a clause's `return` is a copy of the `return None` that ends the
# code after the if too; that code is the enclosing region's, not the code
# after the try (Pdb.default 3.13).
def if_try_except_return_else():
    if x:
        try:
            g()
        except E:
            return
    else:
        x
    x
    x


# A try ending a for body whose branch returns (3.11/3.12 put the return's
# unwinding outside the protection, then the loop's jump back, which only
# the body reaches: the body ends there; bdb.effective, shutil._copytree).
def for_try_ifelse_return_except_bare():
    for b in x:
        try:
            if x:
                g()
            else:
                return x
        except:
            g()


def while_try_except_pass(x, g):
    # 3.10+ repeat the while test at the end of the body; the clause runs
    # off the end into that copy, where a written continue would jump to
    # the test at the top.
    while x():
        try:
            g()
        except KeyError:
            pass


def while_stmt_try_except_pass_then_code(x, g):
    while x():
        g(0)
        try:
            g(1)
        except KeyError:
            pass


# 3.12+: in a try body the lone jump back that ends an `if` leaving the
# loop body is added late and left out of the exception table; a written
# `continue` is protected.
def continue_after_or_test_in_try(z):
    try:
        for info in z:
            name = info.filename
            if name.startswith("/") or ".." in name:
                continue
            t = g(name)
            if not t:
                continue
            h(t)
    finally:
        z.close()


def if_ends_loop_body_in_try(z):
    try:
        for info in z:
            t = g(info)
            if t:
                h(t)
    finally:
        z.close()


def negated_if_with_ends_loop_body_in_try(z):
    try:
        for info in z:
            t = g(info)
            if not t.endswith("/"):
                with t:
                    h(t)
    finally:
        z.close()


def continue_before_with_in_try(z):
    try:
        for info in z:
            t = g(info)
            if t.endswith("/"):
                continue
            with t:
                h(t)
    finally:
        z.close()


def continue_after_or_test(z):
    for info in z:
        if info or z:
            continue
        h(info)


# 3.12+ a break out of a while loop whose follow is short code ending the
# function runs its own copy of that code (os.removedirs): read as the
# break, the try ends the loop body.
def while_try_except_break(x, g):
    while x():
        try:
            g()
        except KeyError:
            break


def while_try_except_break_then_code(x, g, h):
    while x():
        try:
            g()
        except KeyError:
            break
        h()


def while_try_two_clauses_break_pass(x, g):
    while x():
        try:
            g()
        except KeyError:
            break
        except ValueError:
            pass


def while_try_except_return_in_loop(x, g):
    while x():
        try:
            g()
        except KeyError:
            return None
        g()
    return 1


# 3.12+ leave the latch of an inverted while (jumping back to the body's
# start) out of the protection of a try around the loop: the loop is still
# inside the try (cookiejar MozillaCookieJar._really_load).
def try_while_if_continue(f, g):
    try:
        while f():
            if g(1):
                continue
            g(2)
    except OSError:
        raise


def try_while_if_continue_end_handled(f, g):
    try:
        while f():
            g(0)
            if g(1):
                continue
    except OSError:
        g(5)


def try_while_if_continue_two_clauses(f, g):
    try:
        while f():
            if g(1):
                continue
            if g(2):
                continue
            g(3)
    except OSError:
        raise
    except Exception:
        g(4)
        raise
    return 3


# if/elif/else raise before a `while 1:` left only by an except clause's
# break (aifc Aifc_read.initfp): the elif's branches meet at the loop, which
# the tree where raises are exits too does not see (the loop never ends but
# through its handler).
def elif_raise_then_while_try_break(x, g):
    if x == 1:
        g(0)
    elif x == 2:
        g(1)
    else:
        raise KeyError
    while 1:
        try:
            g(1)
        except EOFError:
            break
        g(2)
    if not x or not g:
        raise KeyError


def shared_reraise_after_if_in_clause_in_loop(self, putter):
    # The clause never gets back to the loop's header; both branches of the
    # if run on into the one `raise`.
    while self.full():
        try:
            putter.wait()
        except:
            putter.cancel()
            if not self.full() and not putter.cancelled():
                self._wakeup_next(self._putters)
            raise
    return self.put_nowait(putter)


def try_else_ending_loop_body_after_break_clause(n, lines):
    # ≤3.9: the clause's dead ending after its break jumps back to the
    # header (the try ran to the loop body's end): the code after the body
    # was the try's else clause (_sitebuiltins _Printer.__call__).
    lineno = 0
    while 1:
        try:
            for i in range(lineno, lineno + n):
                print(lines[i])
        except IndexError:
            break
        else:
            lineno += n
            if lineno > 10:
                break


def code_after_try_ending_loop_body_after_break_clause(n, lines):
    lineno = 0
    while 1:
        try:
            for i in range(lineno, lineno + n):
                print(lines[i])
        except IndexError:
            break
        lineno += n
        if lineno > 10:
            break


def while_clause_break_runs_copy_of_raise(self, i, stop):
    # (3.10 and 3.12+: the break runs its own copy of the raise after the
    # loop, right after the clause's POP_EXCEPT.)
    while stop is None or i < stop:
        try:
            v = self[i]
            g(v)
        except IndexError:
            break
        i += 1
    raise ValueError


def while_clause_break_runs_copy_of_return(self, i, stop):
    while stop:
        try:
            self[i]
        except IndexError:
            break
        i += 1
    return 5


def endless_loop_clause_breaks_to_return(expected, i):
    # (3.10/3.12+: the break runs its own copy of the return after the
    # loop, right after the clause's POP_EXCEPT; there is no other copy.)
    missing = []
    while True:
        try:
            e = expected[i]
            i += 1
        except IndexError:
            missing.extend(expected[i:])
            break
    return missing, i
# ≤3.9: a clause ending in break/continue keeps its dead `POP_EXCEPT; JUMP`
# to where the try ends: short of the loop body's end, so the code between
# the body and it was the else clause (mimetypes read_windows_registry).
def try_else_then_code_in_loop_after_break_clause(db, g):
    for i in db:
        try:
            name = g(db, i)
        except OSError:
            break
        else:
            if "\0" not in name:
                g(name)
        g(i)
    g(db)


def try_else_then_code_in_loop_after_named_continue_clause(items, g, h):
    for x in items:
        try:
            y = g(x)
        except OSError as e:
            continue
        else:
            h(y)
        h(x)


# 3.11 lay such an else clause between the body and the handler, and jump
# from its end over the handler to the code after the try.
def try_else_then_code_in_loop_after_continue_clause(items, g, h):
    for x in items:
        try:
            y = g(x)
        except OSError:
            continue
        else:
            if y:
                h(y)
        h(x)


# ≤3.9: a clause that falls off its end into a `break` written after the
# try jumps (threaded) to the loop's follow with no dead `POP_EXCEPT; JUMP`
# after it: the break is not the clause's (sre_compile _optimize_charset).
def clause_runs_into_break_after_try(charset, f, g):
    for op in charset:
        while True:
            try:
                f(op)
            except IndexError:
                if g(op):
                    continue
                g(0)
            break


# A `continue` ending a try body in the first branch of an if, the other
# branch running on to the loop's end (3.10: the body's POP_BLOCK has the
# continue's line; 3.12+: read as `else: continue`, which compiles the
# same, but no second `continue` after the try).
def nested_if_try_continue(parts, g, k, c):
    while parts:
        if c:
            try:
                g(parts)
                continue
            except ImportError:
                parts.pop()
        else:
            k()
    k()
