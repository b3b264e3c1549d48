"""A conditional expression tested as an if's condition whose first side
is negated, `if (not y if a else b): X` + `elif d: Y`, at the end of an
except clause (difftest 9100:872, 3.13; every version). `not y` jumps
when y holds to where b goes when it does not, so the expression was not
read and the tests became nested ifs, where the inner if's false side,
the end of the clause, was taken to go on at X: X ran when the condition
was false. Where the parts stand on lines of their own, the nested ifs
must not run X either."""

# (The line layout of the conditions is the shape: not reformatted.)
# fmt: off


class Boom(Exception):
    pass


def fail():
    raise KeyError("k")


def negated_side_in_clause(a, b, y, log):
    try:
        fail()
    except KeyError:
        if not y if a else b:
            log.append("x")
        elif b < y:
            raise Boom(1)
    return ("end", log)


def negated_side_on_lines_of_their_own(a, b, y, log):
    try:
        fail()
    except KeyError:
        if (not y
                if a
                else b):
            log.append("x")
        elif b < y:
            raise Boom(2)
    return ("end", log)


def plain_sides_on_lines_of_their_own(a, b, y, log):
    try:
        fail()
    except KeyError:
        if (y
                if a
                else b):
            log.append("x")
        elif b < y:
            raise Boom(3)
    return ("end", log)


def negated_side_then_pass_else_raise(a, b, c, y, log):
    try:
        fail()
    except KeyError:
        if not y if 2 not in c else 5 == 2:
            log.append("x")
        elif not 2 < b < y:
            pass
        else:
            raise Boom(4)
    return ("end", log)


def plain_sides_then_raise(a, b, y, log):
    try:
        fail()
    except KeyError:
        if (y
                if a
                else b):
            log.append("x")
        elif b < y:
            raise Boom(5)
    raise Boom("end", log)


def run_cases(ns):
    results = []

    def call(name, *args):
        try:
            return ns[name](*args)
        except Boom as error:
            return ("Boom", error.args)

    for a in (0, 1):
        for b in (0, 1, 3):
            for y in (0, 2):
                results.append(call("negated_side_in_clause", a, b, y, []))
                results.append(call("negated_side_on_lines_of_their_own", a, b, y, []))
                results.append(call("plain_sides_on_lines_of_their_own", a, b, y, []))
                results.append(call("negated_side_then_pass_else_raise", a, b, [a], y, []))
                results.append(call("plain_sides_then_raise", a, b, y, []))
    return results
