"""A conditional expression tested as an if's condition whose own test is
another conditional expression, inside a try body (difftest 9100:760,
3.9). Its first side a chained comparison, ≤3.9 leave a dead jump over
the other side, which read as the jump over an else clause made the if
end before its body: the body then ran whatever the condition said. Where
the parts stand on lines of their own the condition is read as nested
if statements, which must still skip the body."""

# (The line layout of the conditions is the shape: not reformatted.)
# fmt: off


def log_call(log, tag, value):
    log.append(tag)
    return value


def ternary_test_in_try(a, b, c, x, w, y, z, log):
    try:
        if (a <= b != x) if (y if w else z) else c:
            log_call(log, "body", x)
    except KeyError:
        log.append("except")
    return log


def ternary_on_lines_of_their_own(a, b, c, x, z, log):
    try:
        if (a <= b != x
                if z
                else c):
            log_call(log, "body", x)
    except KeyError:
        log.append("except")
    return log


def run_cases(ns):
    results = []
    for a, b, x in ((0, 1, 2), (1, 0, 2), (0, 1, 1)):
        for c in (0, 1):
            for w in (0, 1):
                for y in (0, 1):
                    for z in (0, 1):
                        results.append(ns["ternary_test_in_try"](a, b, c, x, w, y, z, []))
                results.append(ns["ternary_on_lines_of_their_own"](a, b, c, x, w, []))
    return results
