# An if statement before a `while 1:` loop that only an exception leaves,
# in a try body: the post-dominators, which know only normal exits, put
# the if's end past the loop (at the handler), and the loop was copied into
# the if's branch. ≤3.10; more_itertools iter_except has this shape.


def iter_except(func, exception, first=None):
    try:
        if first is not None:
            yield first()
        while 1:
            yield func()
    except exception:
        pass


def call_until_raised(func, exception, first):
    try:
        if first is not None:
            func(first)
        while 1:
            func()
    except exception:
        pass
