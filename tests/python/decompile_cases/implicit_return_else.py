"""Nested ifs that fall off the end of the function: 3.10+ copy the
implicit `return None` into each branch, so a branch ending in a copy ran
to the end of the function and the code after its if was an else/elif."""


def nested_ifs_fall_off_end(self):
    is_saved = self.get_saved()
    if is_saved != self.was_saved:
        self.was_saved = is_saved
        if self.saved_change_hook:
            self.saved_change_hook()


def nested_if_then_elif_chain(self, message=None):
    """Docstring first, so a None met early shows in co_consts."""
    if isinstance(message, dict):
        self.become(dict(message))
        if isinstance(message, list):
            message.explain_to(self)
    elif isinstance(message, bytes):
        self.become(message.decode())
    elif hasattr(message, "read"):
        self.become(message.read())
    elif message is None:
        self.become({})
    else:
        raise TypeError("Invalid message type: %s" % type(message))


def elif_chain_with_pass(self, message):
    if isinstance(message, int):
        message.add("a")
    elif isinstance(message, str):
        flags = set(self.get_flags())
        if "S" not in flags:
            message.add("unseen")
        if "F" in flags:
            message.add("flagged")
    elif isinstance(message, bytes):
        pass
    else:
        raise TypeError("Cannot convert: %s" % type(message))


def nested_in_if_else(self):
    """Send the preamble."""
    if self.origin_server:
        if self.client_is_modern():
            self.write("HTTP/%s" % self.status)
            if "Date" not in self.headers:
                self.write("Date: %s" % self.date())
            if self.server and "Server" not in self.headers:
                self.write("Server: %s" % self.server)
    else:
        self.write("Status: %s" % self.status)



def elif_pass_before_raise(self, m):
    """None last in co_consts: the `pass` line's return copy is no written return."""
    if isinstance(m, int):
        m.a()
    elif isinstance(m, str):
        pass
    else:
        raise TypeError("x %s" % m)


def elif_return_before_raise(self, m):
    """A written return adds None before the raise's constant."""
    if isinstance(m, int):
        m.a()
    elif isinstance(m, str):
        return
    else:
        raise TypeError("x %s" % m)


def written_return_before_keyword_call(self, *args):
    """Doc."""
    if args:
        color = self.colorstr(args)
        if color == self.pencolor:
            return
        self.pen(pencolor=color)
    else:
        return self.color(self.pencolor)


def while_loop_ending_function_breaks(self, next_boundary, last_boundary):
    """None last in co_consts: each break's copy of the implicit return
    (on the break's own line) is a break, not a written return."""
    delim = b""
    while 1:
        line = self.fp.readline(1 << 16)
        if not line:
            self.done = -1
            break
        if line.startswith(b"--"):
            strippedline = line.rstrip()
            if strippedline == next_boundary:
                break
            if strippedline == last_boundary:
                self.done = 1
                break
        odelim = delim
        if line.endswith(b"\r\n"):
            delim = b"\r\n"
        else:
            delim = b""
        self.write(odelim + line)


def written_return_in_final_loop(self, items):
    """Doc."""
    while items:
        item = items.pop()
        if item is None:
            return
        self.add(item, "x")


def for_loop_ending_function_breaks(cls, **kwargs):
    """None last in co_consts: the breaks' copies of the implicit return
    are breaks (3.12+ pop the iterator and return in their place)."""
    for c in cls.__mro__:
        if "_randbelow" in c.__dict__:
            break
        elif "getrandbits" in c.__dict__:
            cls._randbelow = cls._randbelow_with_getrandbits
            break
        elif "random" in c.__dict__:
            cls._randbelow = cls._randbelow_without_getrandbits
            break


def written_return_in_final_for(self, items):
    """Doc."""
    for item in items:
        if item == 0:
            return
        self.add(item, "x")


def elif_chain_falling_into_copied_tail(self, type_, data, isfile, TurtleScreen, Error):
    # 3.12+ copy the final assignment and return into the branches that
    # run on into it; the failing tests still jump to the original.
    self._type = type_
    if type_ == "polygon":
        if isinstance(data, list):
            data = tuple(data)
    elif type_ == "image":
        if isinstance(data, str):
            if data.lower().endswith(".gif") and isfile(data):
                data = TurtleScreen._image(data)
    elif type_ == "compound":
        data = []
    else:
        raise Error("There is no shape type %s" % type_)
    self._data = data


def generator_while_ending_function(path, sep, split):
    # 3.10+ give each exit of a while ending the function its own copy of
    # the implicit return; the one the repeated test runs on into takes
    # the test's line and must not read as an else clause.
    path = path.rstrip(sep)
    while path and path != sep:
        yield path
        path, tail = split(path)


def while_ending_function_with_break(frame, stop):
    while frame and frame is not stop:
        if frame.done:
            break
        frame.trace = None
        frame = frame.back


# A nested if ending the first branch falls off the end through copies of
# the implicit return; the else clause's `return None` is written
# (trace Trace.globaltrace_lt 3.10/3.11).
def nested_if_then_else_return_none(why, filename, names, g):
    if why == "call":
        code = g(filename)
        if filename:
            modulename = g(filename)
            if modulename is not None:
                ignore_it = names(filename, modulename)
                if not ignore_it:
                    if code:
                        g(code)
                    return code
        else:
            return None
