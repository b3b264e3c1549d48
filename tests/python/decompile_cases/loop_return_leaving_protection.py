"""A for loop whose body returns at once, inside a try or a with: the
return's RETURN_VALUE (and, in a with, the exit call before it) lies outside
the protection, after the iterator is popped, so the loop body's walk
stopped there with the value on the stack. Refused on every version before
session 23 (`stack underflow`, `code that the structuring did not reach`),
and inside larger functions the return was dropped (random programs
24000:4305, 24000:3680, 24000:617)."""


def first_or_nothing(items):
    try:
        for item in items:
            return item
    except TypeError:
        pass


def first_then_default(items):
    try:
        for item in items:
            return item
        found = None
    except TypeError:
        found = 0
    return found


def first_in_try_finally(items, log):
    try:
        for item in items:
            return item
    finally:
        log.append("done")


def first_under_manager(manager, items):
    with manager:
        for item in items:
            return item
        else:
            raise LookupError("empty")


def first_under_two_managers(outer, inner, items):
    with outer as value, inner:
        for value in items:
            return value
        else:
            raise LookupError("empty")
