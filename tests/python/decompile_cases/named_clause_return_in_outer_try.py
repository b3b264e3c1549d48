"""`except E as e: return value` inside an enclosing try: the RETURN_VALUE
(which cannot raise) lies outside that try's protection, past the clause's
unwinding (and the copies of enclosing finally bodies). Valid Python 3.8
syntax; names need not exist."""


def clause_returns_then_code(x):
    try:
        try:
            v = f(x)
        except E as e:
            return g(e)
        h(v)
    except T:
        h(0)
    return "end"


def clause_returns_in_try_finally(x):
    try:
        try:
            v = f(x)
        except E as e:
            return g(e)
        h(v)
    finally:
        h(1)
    return "end"


def both_return_inside_finally(x):
    try:
        try:
            return f(x)
        except E:
            return "zero"
    finally:
        h(2)


def both_return_named_clause_inside_finally(self, x):
    try:
        try:
            return self.f(x)
        except (E, F) as e:
            return self.h(e)
    finally:
        self.g()
