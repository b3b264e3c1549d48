"""A break out of a top-tested while loop runs its own copy of the short exit after
the loop (3.14+ test while loops at the top only): the copy follows the NOP of the
break's line and is no other jump of the loop's test."""


def break_copies_return(func, stop):
    while func:
        if stop(func):
            break
        func = func.__wrapped__
    return func


def and_test_break_copies_return(func, stop):
    while func and stop:
        if stop(func):
            break
        func = func.__wrapped__
    return func


def compound_tests_break_copies_return(func, stop):
    while not isinstance(func, type) and hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
    return func
