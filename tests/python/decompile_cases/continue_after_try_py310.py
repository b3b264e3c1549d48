"""A `continue` written right after a try whose clauses raise (3.10+; 3.8/3.9
leave it as dead code after the body's own jump back and are not read
that way yet): 3.10/3.11 jump from the try body to the continue's own jump
back, past the handler, on the continue's line
(distutils.bcppcompiler BCPPCompiler.compile)."""


def for_if_try_raising_clause_then_continue(objects, g, h):
    for obj in objects:
        if obj == 1:
            try:
                g(obj)
            except E as msg:
                raise F(msg)
            continue
        h(obj)


def while_if_try_raising_clause_then_continue(objects, g, h):
    while objects:
        if objects[0] == 1:
            try:
                g(objects)
            except E:
                raise F()
            continue
        h(objects)
