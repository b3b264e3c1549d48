# 3.12+: a for loop with an else clause that raises, whose breaks go to short
# code ending the function. Each break pops the iterator and runs its own copy
# of that code, and the original is gone: the copy after the POP_TOP is the
# code after the loop statement. (3.13: a break after a with in a try body
# keeps the with's suppress jump under the try's handler.)


def break_in_try_body(candidates, g):
    for c in candidates:
        try:
            r = g(c)
            break
        except OSError as e:
            errno = e.errno
    else:
        raise OSError(errno)
    return r.copy()


def break_after_with_in_try_body(candidates, g):
    for c in candidates:
        try:
            with open(c) as f:
                r = g(f)
            break
        except OSError as e:
            errno = e.errno
    else:
        raise OSError(errno)
    return r.copy()


def break_after_try(candidates, g):
    for c in candidates:
        try:
            with open(c) as f:
                r = g(f)
        except OSError as e:
            errno = e.errno
            continue
        break
    else:
        raise OSError(errno)
    return r.copy()


def return_in_for_in_clause(lookup, table, item):
    # A return inside a for loop inside an except clause swaps its value
    # below the iterator's pop and the POP_EXCEPT: no break.
    try:
        return lookup(item)
    except ValueError:
        for key in table:
            if key.item is item:
                return key.fd
        raise
