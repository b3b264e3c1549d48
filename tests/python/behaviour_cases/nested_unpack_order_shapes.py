"""`(a, b), (c, d) = p(), q()`: 3.11+ swap the two values (≤3.10 rotate
them) and unpack the first one first. One reading wrote
`__temp_1 = q(); a, b = p(); c, d = __temp_1`, calling q() before p().

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def nested_pairs(p, q):
    (a, b), (c, d) = p(), q()
    return a, b, c, d


def nested_pair_then_name(p, q, r):
    (a, *b), c, (d, e) = p(), q(), r()
    return a, b, c, d, e


def run_cases(ns):
    calls = []

    def make(tag, value):
        def call():
            calls.append(tag)
            return value

        return call

    first = ns["nested_pairs"](make("p", (1, 2)), make("q", (3, 4)))
    second = ns["nested_pair_then_name"](make("p", (1, 2, 3)), make("q", 4), make("r", (5, 6)))
    try:
        ns["nested_pairs"](make("p", (1,)), make("q", (3, 4)))
    except ValueError:
        calls.append("error")
    return [first, second, calls]
