"""A finally clause that does not re-raise: `return` (or `break`, `continue`)
inside it drops the pending exception (3.14+ warn about it, PEP 765, and
still compile it). The handler's copy of the finally body ends without the
RERAISE every other finally ends in (3.8: its END_FINALLY is dead, and so
is the POP_TOP after it of a None pushed before SETUP_FINALLY for the
return to unwind). Valid Python 3.8 syntax."""


def return_in_both(a, b):
    try:
        return a + b
    finally:
        return a - b


def return_in_finally_only(a, b):
    try:
        a = a + b
    finally:
        return a - b


def return_after_except(a, b):
    try:
        a = a + b
    except TypeError:
        a = 0
    finally:
        return a


def conditional_return_after_return(a, b, c):
    try:
        return a + b
    finally:
        if c:
            return a - b


def conditional_return(a, b, c):
    try:
        a = a + b
    finally:
        if c:
            return a - b
    return a


def return_in_both_branches(a, b, c):
    try:
        a = a / b
    finally:
        if c:
            return a
        else:
            return -1


def conditional_break(xs):
    n = 0
    for x in xs:
        try:
            n += 1 / x
        finally:
            if x == 3:
                break
    return n
