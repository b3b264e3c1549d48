"""3.13+: a comprehension with an `or` filter inlined (PEP 709) in a
protected region, a with body: the `or`'s jumps are left unprotected, and
the filter comes out of the walk as nested skips, `if not c: if not d:
continue`, one filter `c or d`. Valid Python 3.8 syntax; names need not
exist."""


def or_filter_in_with(xs, a, b):
    with m:
        return [x for x in xs if x > a or x < b]


def three_way_or_filter_in_with(xs, a, b):
    with m as n:
        ys = [x for x in xs if x == a or x == b or not x]
        zs = {x: n for x in xs if (x or a) and b}
    return ys, zs
