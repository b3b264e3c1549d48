# Template strings (PEP 750). Each interpolation keeps its expression's
# source text as a constant, so the output must write it back exactly:
# whitespace, a debug `=`, conversions, nested format specs, quotes.


def plain(x, w):
    return t"a{x}b", t"", t"only text", t"{x}{w}", t"{x}"


def conversions_and_specs(x, w, p):
    return t"{x!r:>{w}}", t"{x!s}", t"{x!a:^10}", t"{x:>10}", t"{x:{w}.{p}f}", t"{x:{w:{p}}}"


def debug_fields(x, w):
    return t"{x = }", t"{ x + 1 = !s:{w}d}", t"{x=}", t"{x=:>{w}}"


def expression_text(x, items):
    return (
        t"{ x }",
        t"{x + 1}",
        t"{'a' + "b"}",
        t"{items[0]!r}",
        t"{x if x else items}",
        t"{(lambda: x)()}",
        t"{(y := 3)}",
        t"{f'{x!r}'}",
        t"""{x
+ 1}""",
    )


def literal_text(x):
    return t"\n{x}\"'{{}}\t", t"\\{x}\\", rt"\d{x}"


def in_comprehension_and_call(items, render):
    return [t"{item!a}" for item in items], render(t"<{items[0]}>", sep=t"{len(items)}")
