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
