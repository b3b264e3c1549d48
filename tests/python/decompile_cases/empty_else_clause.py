"""`else: pass`: ≤3.10 keep the jump over the else clause that compiles
to nothing, a jump to the very next instruction."""


def else_pass_before_more_code(a, g):
    if a:
        g(1)
        g(2)
    else:
        pass
    g(3)


def else_pass_before_endless_loop(a, g):
    if a:
        g(1)
    else:
        pass
    while True:
        g(3)


def no_else_before_more_code(a, g):
    if a:
        g(1)
    g(3)


def nested_if_before_else_pass(a, b, g):
    if a:
        g(1)
        if not b:
            g(2)
    else:
        pass
    g(3)
