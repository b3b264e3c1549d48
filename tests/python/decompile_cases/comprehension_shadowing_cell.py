# A comprehension whose variable has the name of a cell of the function
# (functools._c3_mro: `base` is a cell for the generator expression in the
# first loop). 3.12+ inline the list comprehension, and inside it the slot is
# a plain local; 3.13+ load cells themselves with LOAD_FAST too, so that
# LOAD_FAST is the comprehension variable's value, not the cell.


def shadowed_in_list_comprehension(cls, abcs, bases):
    for base in abcs:
        if any(issubclass(b, base) for b in cls):
            continue
    return [g(base) for base in bases]


def shadowed_twice(cls, abcs, explicit, other):
    for base in abcs:
        if issubclass(cls, base) and not any(issubclass(b, base) for b in cls.__bases__):
            abcs.append(base)
    first = [mro(base, abcs=abcs) for base in explicit]
    second = [mro(base, abcs=abcs) for base in other]
    return first + second


def shadowed_with_closure_inside(values):
    x = 0
    f = lambda: x
    return [lambda: x for x in values], f
