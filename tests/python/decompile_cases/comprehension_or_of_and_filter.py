"""A comprehension filter `a or (b and c)`.

3.12+ compile comprehensions inline; the walk reads that filter as
`if not a: if not b: continue; if not c: continue` before the element,
an if whose body is only skips (enum.EnumType.__new__)."""


def or_of_and(order, enum_class):
    return [
        o
        for o in order
        if o not in enum_class._member_map_ or (o in enum_class._member_map_ and o in enum_class._member_names_)
    ]


def or_of_and_names(items):
    return [x for x in items if a or (b and c)]


def dict_filter(items, seen):
    return {k: v for k, v in items if k not in seen or (k in seen and v)}


def deeper(items):
    return {x for x in items if a or (b and (c or d))}


def two_filters(items):
    return [x for x in items if x or (y and z) if w]
