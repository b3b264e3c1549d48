"""Empty unpacking targets (UNPACK_SEQUENCE 0, no store after it):
`[] = value`, `for [] in items`, `a, [] = value`. Valid Python 3.8 syntax;
names need not exist."""


def two_empty_unpackings(value):
    [] = value
    [] = value
    return "ok"


def empty_target_in_for(items):
    n = 0
    for [] in items:
        n += 1
    return n


def nested_empty_targets(pair):
    a, [] = pair
    for c, [] in pair:
        a = c
    return a


[] = f()
