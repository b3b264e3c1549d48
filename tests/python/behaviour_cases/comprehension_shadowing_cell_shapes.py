"""A comprehension whose variable has the name of a cell of the function
(functools._c3_mro): 3.12+ inline the comprehension, and 3.13+ load a cell
itself with LOAD_FAST as well as the comprehension's plain value from the
same slot. The value was read as the cell, `(lambda: base).__closure__[0]`,
so the decompiled function passed cell objects where the original passed
the classes (AttributeError: 'cell' object has no attribute '__bases__').

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def shadowed_in_list_comprehension(bases, abcs):
    found = []
    for base in abcs:
        if any(issubclass(b, base) for b in bases):
            found.append(base)
    return [f.__name__ for f in found], [base.__name__ for base in bases]


def shadowed_in_set_and_dict(bases):
    keep = [b for b in bases if (lambda: b) is not None]
    for b in bases:
        keep.append(lambda: b)
    return sorted({b.__name__ for b in bases}), {b.__name__: len(b.__mro__) for b in bases}, len(keep)


def run_cases(ns):
    class A:
        pass

    class B(A):
        pass

    class C(B):
        pass

    return [
        ns["shadowed_in_list_comprehension"]([B, C], [A, int]),
        ns["shadowed_in_set_and_dict"]([A, B, C]),
    ]
