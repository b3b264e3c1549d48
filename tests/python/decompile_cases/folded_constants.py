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


def negative_before_folded(node, report):
    # (3.14+: -1 is folded, so the 256 after it was too, though only the
    # None of a return stands between them: pyflakes Checker.TUPLE.)
    if node.store:
        seen = False
        loc = -1
        for i, n in enumerate(node.elts):
            if n.starred:
                if seen:
                    break
                seen = True
                loc = i
        if loc >= 1 << 8 or len(node.elts) - loc - 1 >= 1 << 24:
            report(node)
    report(None)
