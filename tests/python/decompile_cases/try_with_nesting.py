# try/except/finally and with statements nested in each other, and the
# return statements that leave them.


def try_in_except(self):
    try:
        self.a()
    except ValueError:
        try:
            self.b()
        except KeyError:
            pass
    return 1


def try_in_except_then_code(self):
    try:
        self.a()
    except ValueError:
        try:
            self.b()
        except KeyError:
            self.c()
        self.d()
    return 1


def try_in_bare_except(self):
    try:
        self.a()
    except:
        try:
            self.b()
        except:
            pass
        raise


def try_in_except_as(self):
    try:
        self.a()
    except ValueError as e:
        try:
            self.b(e)
        except KeyError as k:
            self.c(k)
    return 1


def try_in_except_in_function_end(self):
    try:
        self.a()
    except ValueError:
        try:
            self.b()
        except KeyError:
            pass


def try_finally_in_except(self):
    try:
        self.a()
    except ValueError:
        try:
            self.b()
        finally:
            self.c()
    return 1


def with_while(self):
    with self.lock:
        while self.n:
            self.lock.wait()


def with_return_value(self):
    with open(self) as f:
        return f.read()


def with_return_constant(self):
    with self.lock:
        self.a()
        return 1


def with_if_return(self):
    with self.lock:
        if self.x:
            return 1
        self.y()


def with_if_return_value(self):
    with self.lock:
        if self.x:
            return self.z()
        self.y()
    return 2


def with_if_return_none(self):
    with self.lock:
        if self.x:
            return
        self.y()
    self.w()


def with_if_else_return(self):
    with self.lock:
        if self.x:
            return 1
        else:
            return 2


def nested_with_return(self):
    with self.a:
        with self.b:
            if self.x:
                return self.y()
            self.z()


def nested_with_return_constant(self):
    with self.a as a, self.b as b:
        if a:
            return 3
        b.z()


def if_with_return_else(self, path):
    if self.x:
        with open(path) as f:
            return f.read()
    else:
        with open(path, 'rb') as f:
            return f.read()


def with_in_except_return(self):
    try:
        self.a()
    except OSError:
        with self.lock:
            return self.b()
    return 1


def finally_ends_in_if(self):
    try:
        self.a()
    finally:
        if self.fp:
            self.close()


def finally_ends_in_if_else(self):
    try:
        self.a()
    finally:
        if self.fp:
            self.close()
        else:
            self.other()


def finally_ends_in_if_then_code(self):
    try:
        self.a()
    finally:
        if self.fp:
            self.close()
    return self.b()


def finally_with_nested_try(self):
    try:
        self.a()
    finally:
        try:
            self.b()
        except OSError:
            pass


def try_finally_around_loop_with_if(self):
    self.lock.acquire()
    try:
        for item in self:
            if item.discard:
                self.clear(item)
    finally:
        self.lock.release()


def finally_in_finally(self):
    try:
        self.a()
    finally:
        try:
            self.b()
        finally:
            self.c()


def try_except_finally_return(self, func):
    self.reset()
    res = None
    try:
        res = func()
    except KeyError:
        pass
    finally:
        self.quitting = True
    return res


def try_except_else_finally(self):
    try:
        self.a()
    except KeyError:
        self.b()
    else:
        self.c()
    finally:
        self.d()
    return 2


def try_else_like_finally(self):
    # The else clause has the finally body's shape: it is no copy of it.
    try:
        self.a()
    except KeyError:
        pass
    else:
        self.c()
    finally:
        self.d()


def return_in_try_finally(self, x):
    try:
        if x:
            return self.a()
        self.b()
    finally:
        self.d()
    return 3


def while_try_except(tb):
    while tb is not None:
        try:
            tb.tb_frame.clear()
        except RuntimeError:
            pass
        tb = tb.tb_next


def while_true_try_return(self):
    pop = self.pop
    d = self.data
    while True:
        try:
            key = pop()
        except IndexError:
            return
        self.use(key, d)


def with_try_finally(self):
    with self.lock:
        try:
            self.a()
        finally:
            self.b()


def with_try_finally_generator(self):
    with self.outer():
        try:
            old = self.history[:]
            yield
        finally:
            self.history[:] = old


# 3.10 copy a short returning tail after a with into the with's normal
# exit when the exit handler falls into a shared copy of it.
def with_in_if_then_return(filename):
    result = False
    if filename:
        with open(filename, "rb") as fp:
            result = check(fp)
    return result


# ... and into every branch of an if that ends a try body.
def with_in_else_in_try_then_return(filename):
    result = False
    try:
        if hasattr(filename, "read"):
            result = check(filename)
        else:
            with open(filename, "rb") as fp:
                result = check(fp)
    except OSError:
        pass
    return result


# ... and, with the exit call, into every branch of an if ending the body.
def with_ending_in_if_then_return(self, cmd, callback, blocksize=8192):
    with self.transfercmd(cmd) as conn:
        while 1:
            data = conn.recv(blocksize)
            if not data:
                break
            callback(data)
        if _SSLSocket is not None and isinstance(conn, _SSLSocket):
            conn.unwrap()
    return self.voidresp()


# A with body that always returns or raises still goes on after the with
# when __exit__ suppresses the exception: that code is the function's own.
def with_body_returns_then_code_after(self):
    with self.lock:
        if self.names is not None:
            return self.names
        return self.load()
    return []


# ... and where a finally around the with is copied after it (3.11+).
def with_body_returns_in_try_finally(self, timeout=None):
    try:
        with self._condition:
            if self._state:
                raise ValueError()
            return self.get()
    finally:
        self = None


# A try body that returns part of the way, then goes on to an if/else
# whose branches meet where the body ends (the else clause or the code
# after the try): the return's code, outside the protection, is not the
# end of the body (asyncio proactor_events, 3.11+).
def try_if_return_then_ifelse_except_else(self):
    try:
        if self.closed:
            return
        if self.address:
            self.send(1)
        else:
            self.send(2)
    except OSError:
        self.error()
    else:
        self.done()


# ... with a nested if whose branches both end in the body's return.
def try_nested_if_return_then_code_except_else(self, fut=None):
    try:
        if self.lost:
            return
        if fut:
            fut.result()
        if not self.buffer or (self.lost and self.address):
            if self.closing:
                self.call_soon(None)
            return
        data = self.buffer.popleft()
        if self.address is not None:
            self.fut = self.send(data)
        else:
            self.fut = self.sendto(data)
    except OSError as exc:
        self.error(exc)
    else:
        self.fut.add_done_callback(self.done)



# An if/elif chain in a try/finally body whose branches meet at a `return
# CONSTANT` (loaded after the finally copy, outside the protection), the
# last branch an assert that always fails (idlelib newline_and_indent_event).
def try_elif_chain_meeting_at_return_finally(self, a, c):
    try:
        if a:
            return "break"
        if c:
            if c == 1:
                pass
            elif c == 2:
                self.g(2)
            elif c == 3:
                self.g(3)
            else:
                assert 0, "bogus %r" % c
            return "break"
        self.g(5)
        return "break"
    finally:
        self.g(0)


def try_if_return_then_ifelse_then_code(self):
    try:
        if self.closed:
            return
        if self.address:
            self.send(1)
        else:
            self.send(2)
    except OSError:
        self.error()
    self.done()


# 3.13 leave the jump ending a branch of a try body out of the protection:
# the branches still meet where the body ends (ExtendedInterpolation.
# _interpolate_some, idlelib run.main).
def try_ifelse_except_return_then_code(self):
    try:
        if self.a:
            self.g(1)
        else:
            self.g(2)
    except OSError:
        return
    self.g(3)


def if_try_if_elif_else_raise_except_then_code(self):
    if self.a:
        try:
            if self.b:
                self.g(1)
            elif self.c:
                self.g(2)
            else:
                raise KeyError
        except KeyError:
            self.g(3)
        self.g(4)


# ... both branches ending in such a jump, to the code after an enclosing
# if (AutoComplete.fetch_completions, Pdb.do_list 3.13).
def if_try_ifelse_except_bare_else_then_code(self):
    if self.a:
        try:
            if self.b:
                self.g(1)
            else:
                y = self.g(2)
        except:
            self.g(3)
    else:
        self.g(4)
    self.g()



# 3.10+ copy the short code after a try (`return p`) into a clause's end; a
# `return None` from a try nested in the clause ends it too: the end
# running into the copy is the clause's end (idlelib ModuleName.entry_ok).
def nested_try_in_clause_return_none(g):
    try:
        p = g(0)
    except AttributeError:
        g(1)
        return None
    except ImportError:
        try:
            p = g(2)
        except TypeError:
            g(3)
            return None
    return p


def nested_try_in_clause_return_none_only(g):
    try:
        p = g(0)
    except ImportError:
        try:
            p = g(2)
        except TypeError:
            g(3)
            return None
    return p


def with_try_clause_ends_with_body(self, ident):
    # (3.10: the clause jumps to its own copy of the with's exit call and
    # the implicit return, POP_BLOCK first.)
    with self.mutex:
        try:
            self.ref[ident] += 1
        except KeyError as ke:
            if ident in self.local:
                self.ref[ident] = 1
            else:
                raise ke


# A try ending the body of an outer try in a `while 1:` loop, its clause
# falling off its end (3.13: the clause's jump to the loop's jump back
# lies past the outer try's protected range, where the outer body ends).
def inner_try_clause_ends_outer_try_body(a, b, h):
    while 1:
        try:
            a()
            try:
                while 1:
                    x = b()
                    if x:
                        return
                    h(x)
            except IndexError:
                pass
        except Exception as e:
            h(e)
