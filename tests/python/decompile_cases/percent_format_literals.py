"""`'...' % (a, b)`: 3.11+ compile a plain string literal with only simple
%s/%r/%a conversions as an f-string; a format that still reaches `%` was
written some other way (an f-string without fields, unittest.loader
getTestCaseNames), or is not simple enough to fold."""


def fstring_without_fields(module, name, attr):
    full = f'%s.%s.%s' % (module, name, attr)
    return full


def folded_simple(a, b):
    return '%s-%r' % (a, b)


def folded_widths(a, b, c):
    return '%5s|%-3r|%.2a' % (a, b, c)


def fstring_widths(a, b):
    return f'%10s|%.10s' % (a, b)


def three_digit_width(a):
    return '%100s' % (a,)


def other_conversions(a, b):
    return '%d items, %x' % (a, b)


def percent_literal(a):
    return f'%s%%' % (a,)


def flags_and_percent(a, b):
    return '%+s %#r %%' % (a, b)


def fewer_items_than_conversions(a):
    return f'%s %s' % (a,)


def starred_items(a, rest):
    return f'%s %s' % (a, *rest)


def constant_items():
    return f'%s-%s' % (1, 2)


def with_braces(a):
    return f'{{%s}}' % (a,)


def percent_then_end(a):
    return f'%s %' % (a,)
