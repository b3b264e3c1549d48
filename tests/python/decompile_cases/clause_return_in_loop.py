"""`return <constant>` inside an if in an except clause, inside a loop, with
code after the try: the return path drops the loop's iterator (POP_TOP)
before loading the constant. Valid Python 3.8 syntax; names need not exist."""


def named_clause_return_then_code(xs):
    for x in xs:
        try:
            f(x)
        except ValueError as e:
            if x == 3:
                return "ret"
        g()


def unnamed_clause_return_then_code(xs):
    for x in xs:
        try:
            f(x)
        except ValueError:
            if x == 3:
                return "ret"
        g()


def clause_return_in_nested_loops(xss):
    for xs in xss:
        for x in xs:
            try:
                f(x)
            except ValueError as e:
                if x == 3:
                    return None
            g()
        h()


def clause_two_returns_and_else(xs):
    for x in xs:
        try:
            f(x)
        except ValueError as e:
            if x == 3:
                return "r3"
            if x == 5:
                return
        except KeyError as k:
            if x:
                return "k"
        else:
            g()
        h()


def clause_return_in_with_in_loop(xs):
    for x in xs:
        with c():
            try:
                f(x)
            except ValueError as e:
                if x == 3:
                    return "r"
            g()


def clause_return_in_generator_loop(xs):
    for x in xs:
        try:
            f(x)
        except ValueError as e:
            if x == 3:
                return "ret"
        yield x
