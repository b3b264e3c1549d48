"""≤3.9: an if whose first branch never falls through, with an else
clause that unreachable code after the branch (the jump over the else
clause, threaded on to an enclosing end or a loop's header) or after the
else clause (the if's end) reveals. Where that else clause ends decides
which statements run after the first branch's inner paths; a branch that
goes on to the else clause's start itself (a threaded break or continue
of an inner else) is no such sign."""


def threaded_to_outer_end(a, b, c):
    out = []
    if a:
        if b:
            raise ValueError(b)
        elif c:
            out.append("c")
    else:
        out.append("not a")
    out.append("end")
    return out


def threaded_to_loop_header(items, c):
    out = []
    for x in items:
        if x < 0:
            raise ValueError(x)
        elif x == c:
            out.append("c")
        else:
            out.append(x)
    return out


def inner_else_continue(pairs, strict, keep):
    r = []
    for nv in pairs:
        if len(nv) != 2:
            if strict:
                raise ValueError(nv)
            if keep:
                nv = nv + [""]
            else:
                continue
        r.append(nv)
    return r


def inner_returns_then_elif(a, b, c):
    out = []
    if a:
        if b:
            return 1
        else:
            return 2
    elif c:
        out.append("c")
    out.append("end")
    return out


def try_else_in_if(size, fail):
    out = []
    if size is None:
        size = -1
    else:
        try:
            if fail:
                raise AttributeError(fail)
        except AttributeError:
            raise TypeError(size)
        else:
            out.append("else")
        out.append("after try")
    out.append(size)
    return out


class Point:
    def __init__(self, cond, ignore):
        self.cond, self.ignore, self.hits = cond, ignore, 0


def written_continue_before_else(items, seen):
    for b in items:
        b.hits += 1
        if not b.cond:
            if b.ignore > 0:
                b.ignore -= 1
                continue
            else:
                return (b.cond, b.ignore, True)
        else:
            seen.append(b.cond)
    return seen


def run_cases(ns):
    results = []

    def call(name, *args):
        try:
            return ns[name](*args)
        except (ValueError, TypeError) as error:
            return ("ValueError", error.args)

    for a in (0, 1):
        for b in (0, 1):
            for c in (0, 1):
                results.append(call("threaded_to_outer_end", a, b, c))
                results.append(call("inner_returns_then_elif", a, b, c))
    results.append(call("threaded_to_loop_header", [1, 2, 3], 2))
    results.append(call("threaded_to_loop_header", [1, -2, 3], 2))
    for strict in (0, 1):
        for keep in (0, 1):
            results.append(call("inner_else_continue", [[1, 2], [3], [4, 5, 6]], strict, keep))
    for size in (None, 3):
        for fail in (0, 1):
            results.append(call("try_else_in_if", size, fail))
    points = [Point(0, 1), Point(1, 0), Point(0, 0), Point(1, 1)]
    results.append(call("written_continue_before_else", points, []))
    results.append(call("written_continue_before_else", points, []))
    results.append([(p.cond, p.ignore, p.hits) for p in points])
    return results
