"""A jump to an exit block gets a copy of it (3.14+ have no RETURN_CONST to tell
a written constant return by): an if statement whose test jumps to the exit from
several places, next to the conditional expression whose jumps share one block."""


def and_test_then_implicit_return(a, b):
    if a and b:
        return a


def and_test_returned_conditional(a, b):
    return a if a and b else None


def and_test_over_lines_then_implicit_return(h):
    if len(h) >= 3 and \
            h[0] == ord(b'P') and h[1] in b'14':
        return 'pbm'


def or_and_test_then_implicit_return(a, b, c):
    if (a or b) and c:
        return 1


def chained_compare_then_return(a, b, c):
    if a < b < c:
        return 1
    return 2


def chained_compare_returned_conditional(a, b, c):
    return 1 if a < b < c else 2


def three_tests_then_return_name(a, b, c, d):
    if a and b and c:
        return d
    return a


def three_tests_returned_conditional(a, b, c, d):
    return d if a and b and c else None
