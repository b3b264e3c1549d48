"""A while/else loop left by `break`s that lie in body code outside the
natural loop (pyparsing SkipTo.parseImpl): the try body gets back to the
header only through its handler, so the CFG leaves it, and the tests before
it, out of the loop. 3.10-3.13 read the code after the loop into the body
(the except clause's `t += 1` then returned instead of looping)."""


def nested_test_break_then_try_else_break(a, b, c):
    t = a
    while t <= b:
        if c is not None:
            if c(t):
                break
        try:
            if t < 3:
                raise IndexError
        except (ValueError, IndexError):
            t += 1
        else:
            break
    else:
        raise ValueError(t)
    r = [a, t]
    r.append(b)
    return r
