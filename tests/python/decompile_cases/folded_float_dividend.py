# A float folded from a product (3.14+ fold it after code generation and
# append it to co_consts), in a function that keeps, for other code, an int
# a naive rewrite of the float would fold through first.


def day_fraction(fraction, seconds):
    unit = "days"
    whole = fraction * (24.0 * 3600.0)
    label = "whole days"
    assert abs(seconds) <= 24 * 3600
    assert abs(seconds) <= 2 * 24 * 3600
    return unit, whole, label, seconds
