# 3.14 consume a generator expression passed to all/any/tuple inline; the
# inline loop's inverted jump back is made after the exception handlers were
# labelled, so it lies in a gap of the try's protected range
# (folded_code_protection.cpp).


def any_in_try_body(v):
    try:
        if any(not c.isdigit() for c in v):
            raise ValueError('x')
        v = 1
    except ValueError:
        return False
    return v


def all_in_with_body(cm, items, g):
    with cm:
        ok = all(x > 0 for x in items)
        g(ok)
    return ok


def tuple_in_try_finally(items, done):
    try:
        return tuple(str(x) for x in items)
    finally:
        done()
