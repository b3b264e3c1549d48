"""3.10 copy short code after a try (`return False`) to each path that ends
the try body, POP_BLOCK first, on the line of the code reaching it: such a
copy is the body's end, not a `return` written in the body."""


def if_and_return_then_return(parts, g):
    try:
        v = g(parts)
        if parts and v and v >= (2, 24):
            return True
    except (AttributeError, ValueError):
        pass
    return False


def if_ending_try_body(parts, g):
    try:
        if parts:
            g()
    except (AttributeError, ValueError):
        g(1)
    return False


def written_return_in_body(parts, g):
    try:
        if parts and g:
            g()
        return False
    except (AttributeError, ValueError):
        g(1)
    return True


# 3.12+ copy a `return CONSTANT` after the try to the end of the body (and
# of the clause), lines and all: a return there on a line past the body's
# is that copy, not the body's own return.
def try_if_or_return_then_constant_return(parts, g):
    try:
        if parts or g:
            return True
    except (AttributeError, ValueError):
        pass
    return False


def try_if_else_return_then_constant_return(parts, g):
    try:
        if parts:
            g()
        else:
            return False
    except (AttributeError, ValueError):
        g(1)
    return True

