"""Names bound only in code the compiler drops are still locals.

The symbol table is built before the code, so `x = 1` after a for/else
that returns (and, 3.11+, `y = 0` in the handler of a `try: pass`) still
makes the name local: reading it raises UnboundLocalError. The decompiled
functions left the dead statement out and read the global of that name.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""

x = "global x"
y = "global y"
w = "global w"


def after_loop_else_return(c):
    for z in c:
        if z:
            return ("read", x)
    else:
        return "else"
    x = 1


def in_dropped_handler():
    try:
        pass
    except KeyError:
        y = 0
    return y


def read_by_nested_function(c):
    def inner():
        return w

    return inner()
    w = c


def read_by_generator_expression(c):
    # (The generator expression only reads `w`: it binds nothing.)
    return list(w for v in c)
    w = 1


def run_cases(ns):
    out = []
    for name, args in (
        ("after_loop_else_return", ([0, 1],)),
        ("after_loop_else_return", ([],)),
        ("in_dropped_handler", ()),
        ("read_by_nested_function", (3,)),
        ("read_by_generator_expression", ([1, 2],)),
    ):
        try:
            out.append((name, ns[name](*args)))
        except Exception as e:
            out.append((name, type(e).__name__))
    return out
