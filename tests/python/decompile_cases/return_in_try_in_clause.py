"""`return` inside a try that sits in an except clause: the return leaves the
clause first (POP_EXCEPT after the try's own unwinding), outside the try's
protected code, and the try body's own jump over its handlers comes after
that return (cmd.Cmd.do_help)."""


def return_in_nested_try(arg):
    try:
        f = g(arg)
    except AttributeError:
        try:
            if arg:
                return
        except KeyError:
            pass
    f()


def return_then_more_clause_code(self, arg):
    try:
        func = getattr(self, "help_" + arg)
    except AttributeError:
        try:
            doc = getattr(self, "do_" + arg).__doc__
            if doc:
                self.stdout.write(doc)
                return
        except AttributeError:
            pass
        self.stdout.write(arg)
        return
    func()


def named_clause_return_in_nested_try(arg):
    try:
        f = g(arg)
    except AttributeError as error:
        try:
            if arg:
                return
        except KeyError:
            pass
    print(f)
    g(f)


def bare_return_in_for_in_try(opts):
    # (The return drops the loop's iterator, then leaves the protected
    # code to load None: a written return, not a copy of the implicit one.)
    try:
        for opt, val in opts:
            if opt == "-k":
                apropos(val)
                return
            if opt == "-p":
                port = val
    except ValueError:
        print(1)


def clause_returns_or_raises(g, c):
    # (Every end of the clause returns, while the try body goes on to
    # other code: those are return statements of the clause.)
    try:
        g()
    except OSError:
        if c:
            return
        else:
            raise
    print(2)


def named_clause_returns_or_raises_in_try(g, c):
    try:
        try:
            g()
        except OSError as e:
            if e.errno in c:
                return
            else:
                raise
        print(2)
    except KeyError:
        pass


def clause_passes_before_copied_tail(state):
    # (3.10 copy `return state` into the clause's end: its POP_EXCEPT has
    # the line of `pass`, the copy that of the return after the try.)
    if state is None:
        state = ""
        try:
            f = open("/nonexistent")
        except OSError:
            pass
        else:
            f.close()
    return state


def clause_then_else_then_return(exit):
    kind = type(exit)
    try:
        method = kind.__exit__
    except AttributeError:
        push(exit)
    else:
        push_exit(exit, method)
    return exit
