"""Per-construct decompiler cases for exception handling and assertions."""


def try_except(a):
    try:
        a()
    except ValueError as e:
        print(e)
    except (KeyError, IndexError):
        a(1)
    except:
        a(2)
    return 1


def try_finally(a):
    try:
        a()
    finally:
        a.close()


def return_in_try(a):
    try:
        return a()
    except ValueError:
        return None


def with_statement(path):
    with open(path) as f:
        data = f.read()
    return data


def asserts(a, b):
    assert a
    assert a > b, "a must exceed b"
    return a - b


def raise_in_branch(a):
    if a is None:
        raise ValueError("missing")
    return a


def try_whose_clauses_reraise_in_a_branch(self, f):
    if isinstance(f, str):
        file_object = open(f, "rb")
        try:
            self.init(file_object)
        except:
            file_object.close()
            raise
    else:
        self.init(f)


def return_inside_except_as(self):
    text = self.entry.get().strip()
    try:
        args = split(text, posix=True)
    except ValueError as err:
        self.showerror(str(err))
        return None
    return args


def return_value_from_except_clauses(self, xs):
    try:
        return self.a()
    except ValueError:
        return self


def reraise_or_return_inside_except_as(self):
    try:
        return self.a()
    except ValueError as e:
        if e.args:
            return e.args
        raise


def except_pass_ending_the_function(self):
    try:
        self.rset()
    except LookupError:
        pass


def try_else_ending_the_function(self, conn):
    try:
        import readline
    except ImportError:
        self.available = False
    else:
        readline.set_completer(self.complete)
        self.available = True


def explicit_return_in_except_as(self, conn):
    try:
        self.peer = conn.getpeername()
    except OSError as err:
        self.close()
        if err.errno != 107:
            raise
        return
    print("Peer:", repr(self.peer))


def if_ending_a_try_body_that_ends_the_function(self):
    try:
        if self.delete_font:
            self.call("font", "delete", self.name)
    except Exception:
        pass


def return_inside_try_finally(self, cmd):
    old_path = self.getenv("path")
    try:
        self.environ["path"] = self.paths
        return self.spawn(cmd)
    finally:
        self.environ["path"] = old_path


def constant_return_in_if_inside_try(source, c):
    try:
        if c == "N":
            return 2
    except ValueError:
        pass
    raise source.error()


def constant_returns_in_elif_chain_inside_try(source, c):
    try:
        if c == "x":
            return 1
        elif c == "N" and source:
            return 2
    except ValueError:
        pass
    raise source.error()


def return_through_two_finally_bodies(fut, timeout=None):
    try:
        try:
            return fut.result(timeout)
        finally:
            fut.cancel()
    finally:
        del fut


def return_after_inner_try_whose_clauses_raise(escape, source, c):
    try:
        if c == "N":
            try:
                c = ord(escape)
            except KeyError:
                raise source.error("undefined") from None
            return c
    except ValueError:
        pass
    raise source.error("bad escape")


def constant_return_in_nested_clause(f, dotlock):
    try:
        try:
            pre_lock = f()
        except OSError:
            return
        f(pre_lock)
    except:
        raise


# A `return` in an except clause inside try/finally runs its own copy of
# the finally body (3.8: CALL_FINALLY) before returning.
def return_in_clause_under_finally(f):
    try:
        a()
    except E:
        return
    finally:
        f.close()
    if v:
        b()


def return_constant_in_clause_under_finally(f):
    try:
        a()
    except E:
        return 1
    finally:
        f.close()
    b()


# ... also where the function ends after the try: the clause's return is
# no copy of the code after the try (too long for the 3.10+ exit copies).
def return_in_clause_under_finally_at_end(f):
    try:
        a()
    except E:
        return
    finally:
        f.close()


def clause_falling_into_short_finally(self, fut, sock):
    try:
        sock.connect()
    except (BlockingIOError, InterruptedError):
        self.wait(fut)
    except BaseException as exc:
        fut.set_exception(exc)
    else:
        fut.set_result(None)
    finally:
        fut = None


# A `return` inside a for loop inside try/finally: it drops the iterator,
# runs its copy of the finally body (which may branch), then returns.
def return_in_loop_under_finally(tests, h):
    f = None
    try:
        for tf in tests:
            res = tf(h, f)
            if res:
                return res
    finally:
        if f:
            f.close()


def return_constant_in_loop_under_finally(tests, f):
    try:
        for tf in tests:
            if tf:
                return 1
    finally:
        f.close()
    g()


def return_constant_in_loop_under_finally_then_return(tests, f):
    try:
        for tf in tests:
            if tf:
                return 1
    finally:
        f.close()
    return 2


# A named except clause whose `return` comes after its name's unbinding,
# after a clause that goes on to the code after the try.
def return_in_named_clause_after_passing_clause(self, data):
    try:
        n = self._sock.send(data)
    except BlockingIOError:
        pass
    except BaseException as exc:
        self._fatal_error(exc)
        return
    self._buffer.append(data)


def return_in_named_clause_with_else(self, data):
    if not self._buffer:
        try:
            n = self._sock.send(data)
        except (BlockingIOError, InterruptedError):
            pass
        except BaseException as exc:
            self._fatal_error(exc, 'Fatal write error on socket transport')
            return
        else:
            data = memoryview(data)[n:]
            if not data:
                return
        self._loop._add_writer(self._sock_fd, self._write_ready)
    self._buffer.append(data)


# A try ending an if branch whose body returns: the except clause goes on
# to the code after the if (3.10+: into its own copy of that code).
def try_returning_in_if_then_code_after(a, f, g):
    if a:
        try:
            return f()
        except E:
            pass
    return g()


def try_returning_in_compound_if(key, msg, digest):
    if _hashopenssl is not None and isinstance(digest, (str, _functype)):
        try:
            return _hashopenssl.hmac_digest(key, msg, digest)
        except _hashopenssl.UnsupportedDigestmodError:
            pass
    if callable(digest):
        digest_cons = digest
    return digest_cons()


def try_returning_in_if_clause_returns(expression):
    if expression:
        namespace = {**sys.modules}
        try:
            return eval(expression, namespace)
        except BaseException:
            return None


def elif_chain_in_named_clause(self, create, errno):
    # 3.13 copies the clause's end (POP_EXCEPT, unbinding) into each branch;
    # the branches still meet there (mailbox._singlefileMailbox.__init__).
    try:
        f = open(self._path, "rb+")
    except OSError as e:
        if e.errno == errno.ENOENT:
            if create:
                f = open(self._path, "wb+")
            else:
                raise KeyError(self._path)
        elif e.errno in (errno.EACCES, errno.EROFS):
            f = open(self._path, "rb")
        else:
            raise
    self._file = f


def while_break_in_clause(g, c, x):
    # The break runs its own copy of the clause's end and of `return 2`
    # (3.10+): it is the only sign of the break.
    try:
        g()
    except ValueError:
        while c():
            if x():
                break
            g(1)
    return 2


# A bare `return` inside a try/except inside a try/finally runs the finally
# body's copy before its `return None`: the unwinding's own line (3.10
# POP_BLOCK, 3.11+ a NOP) tells it from the body falling off the end.
def bare_return_in_try_in_finally(self):
    try:
        try:
            if self._closing:
                return
            self.k()
        except OSError:
            self.f()
    finally:
        self.h()
    self.g()


# ... also where the finally body branches, each branch ending in its own
# copy of the `return None`.
def bare_return_before_branching_finally(self, fut=None):
    length = -1
    try:
        if fut.done():
            return
        if self._closing:
            return
    except OSError as exc:
        self.f(exc)
    else:
        self.g()
    finally:
        if length > -1:
            self.h()


# Every clause leaves: the code after the body may be the body's own end
# (its line comes before the `except` line) ...
def return_constant_ends_try_body(self, pid):
    try:
        del self._callbacks[pid]
        return True
    except KeyError:
        return False


# ... the else clause (≤3.9: a dead `return None` follows; 3.11: it lies
# before the handler; 3.12+: its constants were met first) ...
def return_constant_in_else_after_leaving_clause(self, key):
    try:
        self[key]
    except KeyError:
        return False
    else:
        return True


# ... or the code after the try statement.
def code_after_try_whose_clause_raises(s):
    try:
        m = memoryview(s)
    except TypeError as err:
        raise TypeError("expected bytes-like object, not %s" % s.__class__.__name__) from err
    if m.format not in ("c", "b", "B"):
        raise TypeError("expected single byte elements")
    return m


# return / break / continue inside a finally body: the handler's copy drops
# the exception first (3.8: POP_FINALLY and the value pushed for it before
# the try), which the normal path's copy has nothing to drop.
def return_in_finally(self, exc_type):
    try:
        self.g()
    finally:
        if exc_type == KeyError:
            return
        self.wait()


def return_value_in_finally(self, exc_type):
    try:
        self.g()
    finally:
        if exc_type == KeyError:
            return self.s
        self.wait()


def break_in_finally(self, xs):
    for x in xs:
        try:
            self.g(x)
        finally:
            if x:
                break
            self.wait()
    return 1


def continue_in_finally(self, xs):
    for x in xs:
        try:
            self.g(x)
        finally:
            if x:
                continue
            self.wait()
    return 1


def return_through_finally_that_starts_with_try(name, h, cache):
    # 3.11+: the finally body's copy after the returned value is itself a
    # try statement (its first instruction is protected by that try).
    try:
        return h(name)
    finally:
        try:
            del cache[name]
        except KeyError:
            pass


def except_clause_if_pass_else_raise(self):
    # 3.13 copy the clause's end into the empty first branch.
    try:
        self.stdin.close()
    except BrokenPipeError:
        pass
    except OSError as exc:
        if exc.errno == errno.EINVAL:
            pass
        else:
            raise


# ≤3.9: `return CONSTANT` in a try body with except clauses loads its
# constant after the POP_BLOCK (and the dropped iterators of the loops it
# leaves), where the walk of the body stopped.
def constant_return_in_try_body_with_else(self, root):
    try:
        if root.dnd:
            return 5
        g()
    except AttributeError:
        root.dnd = self
    else:
        h()
    self.root = root


def constant_return_in_try_body_in_loop(self, roots):
    for root in roots:
        try:
            root.dnd
            return 1
        except AttributeError:
            continue
    return 2


def constant_return_in_try_body_in_nested_loops(self, rows):
    for row in rows:
        for root in row:
            try:
                root.dnd
                return None
            except AttributeError:
                pass
    return 2


# 3.10 drop the jump ending a clause when the code after the try follows
# it; an if/else there gets its own copies of the final return
# (pyclbr._main).
def try_bare_except_then_ifelse(g):
    try:
        mod = g(1)
    except:
        mod = g(2)
    if g(mod):
        if g(3):
            mod = 4
    else:
        mod = 5
    return mod



# `if c: return` then `raise` ending an except clause: the raise is laid
# out after the clause's return (≤3.9 keep its dead clause exit too).
def return_then_raise_in_bare_except(self):
    try:
        self.run()
    except:
        if self.daemon and sys is None:
            return
        raise


def return_then_raise_in_except(self):
    try:
        self.run()
    except OSError:
        if self.daemon:
            return
        raise


def return_from_nested_clause(coro):
    # The inner clause's return unwinds both clauses (POP_EXCEPT twice),
    # with no code after the inner try that the clause could run into.
    try:
        return coro.cr_running
    except AttributeError:
        try:
            return coro.gi_running
        except AttributeError:
            return False
