"""A conditional expression tested as a condition whose first side is one
itself, `elif ((x if a else y) if x else z): return 4` in a with body
(difftest 9100:694, 3.14/3.15; 3.12 too). The inner expression's second
side falls into the outer one's jump over z, so neither was read, and as
nested ifs the with body's end, where the false tests go, was taken for
the return's way out: the function returned 4 whatever the condition.
Where the parts stand on lines of their own, the nested ifs must not do
that either."""

# (The line layout of the conditions is the shape: not reformatted.)
# fmt: off


class CM:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *exc):
        self.log.append("exit")
        return False


def ternary_side_in_with(a, x, y, z, log):
    with CM(log):
        if y:
            pass
        elif (x if a else y) if x else z:
            return 4
    return log


def ternary_side_on_lines_of_their_own(a, x, y, z, log):
    with CM(log):
        if y:
            pass
        elif ((x
               if a
               else y)
              if x
              else z):
            return 4
    return log


def ternary_on_lines_of_their_own(a, x, y, log):
    with CM(log):
        if (x
                if a
                else y):
            return 4
    return log


def run_cases(ns):
    results = []
    for a in (0, 1):
        for x in (0, 1):
            for y in (0, 1):
                for z in (0, 1):
                    results.append(ns["ternary_side_in_with"](a, x, y, z, []))
                    results.append(ns["ternary_side_on_lines_of_their_own"](a, x, y, z, []))
                results.append(ns["ternary_on_lines_of_their_own"](a, x, y, []))
    return results
