"""Returns that ≤3.9 (SETUP_FINALLY/POP_BLOCK) compile with little to tell
where they were written; every case must round-trip on every version."""


def clause_return_ending_function(a, g):
    # ≤3.9: the clause's `return` looks like the implicit return after the
    # try (same code, the clause's line), but is no copy of it.
    if not a:
        a = 1
    try:
        g(a)
    except OSError:
        return


def constant_return_in_try_finally(a, g, h):
    try:
        g(a)
        return True
    finally:
        h(a)


def constant_return_after_try_finally(a, g, h):
    try:
        g(a)
    finally:
        h(a)
    return True


def constant_return_in_try_finally_with_loop(a, g, k):
    try:
        g(a)
        return True
    finally:
        c = False
        while True:
            try:
                k(a)
                break
            except OSError:
                c = True
        if c:
            raise OSError


def for_else_return_ending_function(xs, s):
    """A docstring: None is no longer the first constant."""
    for x in xs:
        try:
            return x + 1
        except TypeError:
            pass
    else:
        return s


def while_else_return_ending_function(xs, s):
    """A docstring: None is no longer the first constant."""
    while xs:
        if xs.pop():
            return 1
    else:
        return s


def for_return_after_loop_with_break(xs, s):
    """A docstring: None is no longer the first constant."""
    for x in xs:
        if x:
            break
    return s


def clause_constant_return_in_if_before_raise(a, g):
    # The return leaves the clause (POP_EXCEPT) before loading its
    # constant: the first branch's walk stops at once at the clause's end.
    try:
        r = g(a)
    except OSError:
        if a:
            return False
        raise
    return r


def named_clause_constant_return_in_if_before_raise(a, g):
    try:
        r = g(a)
    except OSError as e:
        if e.errno == 3:
            return False
        raise
    return r


def clause_raise_before_constant_return(a, g):
    try:
        r = g(a)
    except OSError:
        if not a:
            raise
        return False
    return r


def named_clause_statements_and_return_before_raise(self, n, g):
    try:
        data = g(n)
        if not data:
            self.close()
            return b""
        else:
            return data
    except OSError as why:
        if why.args[0] in (1, 2):
            self.close()
            return b""
        else:
            raise


def clause_if_else_raise_then_return(a, g):
    try:
        r = g(a)
    except OSError:
        if a:
            g(1)
        else:
            raise
        return False
    return r
