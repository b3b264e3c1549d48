"""Per-construct decompiler cases for calls with `*args`/`**kwargs` unpacking
(CALL_FUNCTION_EX). A map passed as **kwargs prints as keywords only where
that is valid source giving back the same map: 3.8 builds `f(*a, k=1)` and
`f(*a, **{'k': 1})` alike, but a key that is not a keyword name ('"', '',
'2', 'if', '__debug__', 'ﬁ'), a repeated one, or a call with no `*` left
(`f(k=1)` is CALL_FUNCTION_KW) needs the written `**{...}`. Likewise a
written `*(2, 3)` after plain arguments, or a lone `*(a, 2)` / `*[a, 2]`.
Valid Python 3.8 syntax; names need not exist (nothing is executed)."""


def not_identifier_key(f):
    return f(**{'"': 'quote'})


def empty_key(f):
    return f(1, 2, **{'': 666})


def digit_key(f):
    return f(1, **{'2': 2})


def dotted_key(f):
    return f(**{'__str__.return_value': '12'})


def keyword_keys(f, m):
    return f(*m, **{'if': 1, 'None': 2, '__debug__': 3})


def soft_keyword_keys(f, m):
    return f(*m, **{'match': 2, 'case': 3, '_': 4, 'type': 5})


def non_ascii_keys(f, m):
    return f(*m, **{'é': 2, 'ﬁ': 3})


def identifier_key_alone(f):
    return f(**{'a': 1})


def identifier_keys_after_arguments(f, m):
    return f(m, **{'a': 1, 'b': 2})


def repeated_key(f, m):
    return f(*m, **{'a': 2, 'a': 3})


def repeated_across_unpacking(f, m):
    return f(*m, **{'a': 1}, **m, **{'a': 2})


def keywords_and_bad_map(f, m):
    return f(k=1, **{'if': 2}, **m)


def bad_map_after_unpacking(f, m):
    return f(**m, **{'if': 2}, e=4)


def mixed_map(f, m, v):
    return f(*m, k=1, **{'x': v, 'a b': v + 1})


def non_string_key(f, m):
    return f(**m, **{1: 2})


def unpacking_display(f, m):
    return f(**{'a': 1, **m})


def unpacking_display_alone(f, m):
    return f(**{**m})


def keywords_then_display(f, m):
    return f(*m, **{**m, 'a': 1}, b=2)


def written_starred_tuple(f):
    return f(1, *(2, 3))


def written_starred_tuple_with_map(f):
    return f(1, *(2, 3), **{'4': 4})


def written_starred_names(f, a, b):
    return f(a, *(a, b))


def starred_tuple_in_displays(a):
    return [1, *(2, 3)], (a, *(a, 3), *a), {1, *(2, 3), *a}


def lone_starred_tuple(f, a):
    return f(*(a, 2))


def lone_starred_list(f, a):
    return f(*[a, 2]), f(*[a, 2], **a)


# 3.10+ pass over 30 arguments as one tuple built as a list, over 15
# keywords as one map: the call's own, not a written `*(...)`/`**{...}`.
def big_positional(f, a):
    return f(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a)


def big_keywords(f, a):
    return f(k0=a, k1=a, k2=a, k3=a, k4=a, k5=a, k6=a, k7=a, k8=a, k9=a, k10=a, k11=a, k12=a, k13=a, k14=a, k15=a, k16=a, k17=a, k18=a, k19=a, k20=a, k21=a, k22=a, k23=a, k24=a, k25=a, k26=a, k27=a, k28=a, k29=a, k30=a, k31=a, k32=a, k33=a, k34=a, k35=a, k36=a, k37=a, k38=a, k39=a)


def big_both(f, a):
    return f(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, k0=a, k1=a, k2=a, k3=a, k4=a, k5=a, k6=a, k7=a, k8=a, k9=a, k10=a, k11=a, k12=a, k13=a, k14=a, k15=a, k16=a, k17=a, k18=a, k19=a)


def big_method(f, a):
    return f.m(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a)


def big_30(f, a):
    return f(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a)


def big_29(f, a):
    return f.m(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a)


# 3.9+ fold a display of more than two constants into one constant tuple
# extended into an empty list: a shorter one, or one that more items
# follow, was a written `*(...)`.
def written_constant_star_tuple_first(f, a):
    return f(*(1, 2), *a)


def written_long_constant_star_tuple_first(f, a):
    return f(*(1, 2, 3), *a), [*(1, 2, 3), *a], {*(1, 2), *a}, (*(4,), *a)
