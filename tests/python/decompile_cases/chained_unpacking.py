# Chained assignments whose targets unpack: the value is evaluated once,
# copied (DUP_TOP/COPY) and unpacked into each target in turn. Read as two
# statements, the value ran twice.


def two_unpackings(p):
    a, b = c, d = p()
    return a, b, c, d


def three_unpackings(p):
    a, b = c, d = e, f = p()
    return a, b, c, d, e, f


def unpacking_name_unpacking(p):
    a, b = x = c, d = p()
    return a, b, x, c, d


def unpacking_attribute_unpacking(p, o):
    a, b = o.x = c, d = p()
    return a, b, c, d


def nested_unpackings(p, q):
    (a, b), (c, d) = (c, d), (a, b) = p(), q()
    return a, b, c, d


def starred_unpackings(p, o):
    o.x, o.y = [c, *d] = p()
    return c, d


def same_constant_unpacked_twice():
    a, b = 1, 2
    c, d = 1, 2
    return a, b, c, d
