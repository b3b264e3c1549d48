# match statements with structural patterns (3.10+): sequences, class
# patterns, mappings, `as` patterns and nested patterns.
# Every function here must decompile and recompile to the same bytecode.


def match_sequences(x):
    match x:
        case [a, b, *rest]:
            return a, b, rest
        case (p, q):
            return p + q
        case [1, _, *_]:
            return 0
        case []:
            return 9
    return None


def match_sequence_star_wildcards(x):
    match x:
        case [a, *_, b]:
            return a, b
        case [*_]:
            return 1


def match_sequence_items(x):
    match x:
        case [a, 1]:
            return a
        case [1, b, c]:
            return b, c
        case [_, _]:
            return 2
    return 0


def match_classes(x):
    match x:
        case Point(x=0, y=yy):
            return yy
        case int():
            return 1
        case Point(a, 2):
            return a
    return 0


def match_mappings(x):
    match x:
        case {'k': v, **rest}:
            return v, rest
        case {'a': 1, 'b': _}:
            return 2
        case {}:
            return 3
    return 0


def match_as_patterns(x):
    match x:
        case [1, 2] as whole:
            return whole
        case Point(x=[a, b] as pair):
            return a, b, pair
        case 0:
            return 0
    return None


def match_nested(x):
    result = None
    match x:
        case {'points': [Point(x=0, y=y), *others]}:
            result = (y, others)
        case [[a, b], [c, *d]]:
            result = (a, b, c, d)
        case (K.A, {'n': n}):
            result = n
    return result


def match_structural_with_guard(x, limit):
    match x:
        case [a, b] if a < limit:
            return a
        case {'n': n} if n:
            return n
        case Point(x=x):
            return x
    return None
