"""If/elif chains whose later branches leave (raise or return) while the
first ones run on into more code.

The first branch jumps over the leaving ones to that code: it follows the if
statement, not the first branch (it would have been laid out there). A
chained comparison's cleanup on the way to a later branch is no `break` out
of an endless loop (encodings.punycode.decode_generalized_number)."""


def leave_in_later_branches(c, e):
    if c == 1:
        d = 65
    elif e:
        raise UnicodeError("bad")
    else:
        return None
    return d


def endless_loop_with_leaving_branches(ext, pos, errors):
    while 1:
        c = ord(ext[pos])
        if c == 1:
            d = 65
        elif errors == "strict":
            raise UnicodeError("bad")
        else:
            return pos, None
        if d < 3:
            return pos, d


def chained_tests_before_leaving_branches(ext, pos, errors):
    while 1:
        c = ord(ext[pos])
        pos += 1
        if 65 <= c <= 90:
            d = c - 65
        elif 48 <= c <= 57:
            d = c - 22
        elif errors == "strict":
            raise UnicodeError("bad '%s'" % ext[pos - 1])
        else:
            return pos, None
        if d < 3:
            return pos, d


def for_loop_with_leaving_branches(items, strict):
    total = 0
    for x in items:
        if 0 <= x < 10:
            total += x
        elif strict:
            raise ValueError(x)
        else:
            return -1
        total *= 2
    return total


def branches_with_copied_try_end(self, parent):
    # (3.10 copy the finally body and implicit return into each branch: the
    # first branch's jump over the raising one goes to its own copy.)
    try:
        if not self.ok:
            r = self.result
            if r is not None and r.failfast:
                raise KeyError
        elif self.expected:
            raise KeyError
    finally:
        self.sub = parent


# `if c: X` (falling into the implicit return) `else:` a `while 1:` loop
# left only by a return in an except clause: the loop never reaches a
# return by normal flow, so X post-dominated the test (the branches meet
# nowhere; read as `if not c: <loop>` + X, X laid out first).
def if_else_endless_loop_left_by_clause(context, it, g):
    if context is None:
        g(it)
    else:
        while 1:
            try:
                x = next(it)
            except StopIteration:
                return
            g(x)


def if_else_endless_loop_left_by_value_return(context, it, g):
    if context is None:
        g(it)
    else:
        while 1:
            try:
                x = next(it)
            except StopIteration:
                return 5
            g(x)


# `if c: pass` before a try whose clause raises: the test jumps to the
# code it falls into.
def pass_if_before_raising_clause(debug, spawn, args):
    if debug:
        pass
    try:
        spawn(args)
    except OSError as msg:
        raise ValueError(msg)
