"""A chained assignment with an unpacking between other targets: the names
stored before the unpacking lead one assignment with every target (never a
walrus and a second evaluation of the value). Valid Python 3.8 syntax; names
need not exist."""


def unpacking_in_the_middle():
    a = (y, z) = x = f()
    return a, y, z, x


def two_unpackings_in_the_middle(o):
    a = (y, z) = b = (p, q) = o.x = f()
    return a, y, z, b, p, q


def unpacking_after_two_names():
    a = b = (y, z) = x = f()
    return a, b, y, z, x


a = (y, z) = x = f()
