"""`(a, b), (c, d) = p(), q()`: 3.11+ swap the two values (≤3.10 rotate
them) and unpack the first one first. One reading wrote
`__temp_1 = q(); a, b = p(); c, d = __temp_1`, calling q() before p().
Also a while loop ending a for body whose break runs code of its own
(3.12+: that code was once written after the loop).

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
    return [first, second, calls, run_more_cases(ns)]


def while_break_ending_for_body(words):
    # (A reading that put `bad[fragment] = 0` after the while loop ran it on
    # every word, 3.12+.)
    seen, bad = {}, {}
    for word in words:
        fragment = word
        while fragment:
            if fragment in seen:
                bad[fragment] = 0
                break
            seen[fragment] = word
            fragment = fragment[:-1]
    return sorted(bad), len(seen)


def run_more_cases(ns):
    return ns["while_break_ending_for_body"](["abc", "abd", "x"])
