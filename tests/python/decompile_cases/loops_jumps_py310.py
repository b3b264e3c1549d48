"""Loop and jump shapes that round-trip from 3.10 on (3.8/3.9 give them
another shape that is not structured exactly yet)."""


def while_one_around_while(self, literator):
    while 1:
        while self._get_response():
            if self.tagged:
                return 1
        if literator:
            g()
        if not literator:
            break
    return 0


def assert_then_raise_assertion_error(self, data):
    assert type(data) is bytes, "x"
    if not self.status:
        raise AssertionError("y")
    elif not self.sent:
        self.n = len(data)
    else:
        self.n += len(data)
    self.w(data)


def while_every_path_continues(a):
    while a:
        a -= 1
        if a == 3:
            f()
            continue
        g()
        continue


def while_body_ends_in_if_continue(a):
    while a:
        if f(a):
            a -= 1
            continue


# `while a <= b < c:` compiled as `if c: do { body } while (c)`: the latch
# repeats the chained comparison, its first jump going to a cleanup of its own.
def chained_compare_while_at_end(i, n, g):
    while 0 <= i < n:
        g()


# ... with a `continue`, which jumps back to the test at the top.
def chained_compare_while_with_continue(i, n, x, g):
    while 0 <= i < n:
        if x:
            continue
        g()


# ... and code after the loop (3.12+ leave the latch's copy of the chain
# by a lone jump to it).
def chained_compare_while_continue_then_code(i, n, x, g):
    while 0 <= i < n:
        if x:
            continue
    g()


def for_else_break_to_shared_constant_return(cookie, request_port, request, debug):
    # 3.10+ copy `return True` into the break; the constant entered
    # co_consts after the else clause's string, so the break was written
    # (the `return True` after the loop is also the enclosing if's end).
    if cookie.port_specified:
        req_port = request_port(request)
        for p in cookie.port.split(","):
            if p == req_port:
                break
        else:
            debug("request port (%s) not found in %s", req_port, cookie.port)
            return False
    return True


# 3.12+: `break` after a try ending a while True body inside a for loop is
# a lone jump threaded to the for loop's header, where the try body runs
# on; the clause that does not continue runs on into it too.
def for_while_true_try_except_continue_break(charset, g):
    for op, av in charset:
        while True:
            try:
                g(1)
            except IndexError:
                if g(4):
                    continue
                g(5)
            break


def while_body_on_test_line(self):
    # The body, on the test's line, ends like the code before the loop
    # (STORE_FAST w): the latch's copy of the test starts after it.
    w = self
    while w.master is not None: w = w.master
    return w


def nested_if_then_continue(items, note):
    # 3.12+: the written `continue` keeps its line, so the inner if's test
    # and the assignment share its one jump back (an else clause's end
    # would be copied for each).
    first = None
    for item in items:
        if item:
            if first is None:
                first = item
            continue
        note(item)
    return first


def nested_if_then_else(items, note):
    first = None
    for item in items:
        if item:
            if first is None:
                first = item
        else:
            note(item)
    return first


def while_nested_if_then_continue(items, note):
    first = None
    while items:
        item = items.pop()
        if item:
            if first is None:
                first = item
            continue
        note(item)
    return first

