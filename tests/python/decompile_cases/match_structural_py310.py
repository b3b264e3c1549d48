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


# A match whose only tested case is structural tests the subject itself
# (no COPY); a guard of the last tested case goes to the default case.
def single_class_case(statement):
    match statement:
        case ValueError(expr):
            return expr
    return None

def single_sequence_case(s):
    match s:
        case [a, b]:
            g(a, b)
    h()

def single_mapping_case(s):
    match s:
        case {'k': v}:
            g(v)

def single_guarded_class_case_then_default(s):
    match s:
        case complex(real=0, imag=yy) if yy > 1:
            g(yy)
        case _:
            h()

def guarded_last_value_case_then_default(s, c):
    match s:
        case 1:
            g(1)
        case 2 if c:
            g(2)
        case _:
            h()

def last_case_opening_with_if_then_default(s, c):
    match s:
        case complex(real=0):
            if c:
                g()
        case _:
            h()

def sequence_case_in_loop_default_continue(s, c):
    for x in s:
        match x:
            case [a, *rest]:
                g(a)
            case _:
                continue
