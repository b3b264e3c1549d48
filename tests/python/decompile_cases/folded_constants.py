# Constants written as expressions inside functions (3.14+ append the folded
# values to co_consts after the constants code generation added).


def folded_before_literals(x):
    size = 64 * 1024
    name = "buffer"
    return size, name, x


def folded_float_and_text(x):
    ratio = 1.0 / 3.0
    line = "=" * 40
    return x * ratio, line, "after"


def literal_only(x):
    return x + 100000, "text"
