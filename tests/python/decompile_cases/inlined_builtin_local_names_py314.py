# 3.14 consume a generator expression passed to all/any/tuple (3.15: list/set
# too) inline behind a run-time check that the called name is the builtin:
# the compiler checks the spelling only, so a parameter or cell named
# `tuple` gets the check and the inline loop too (inlined_builtin_calls.cpp).


def parameter_named_tuple(args, typed, tuple=tuple, type=type):
    key = args
    if typed:
        key += tuple(type(v) for v in args)
    return key


def parameter_named_any(items, any=any):
    return any(x > 1 for x in items)


def closure_named_all(items):
    all = len

    def inner():
        return all(x for x in items)

    return inner
