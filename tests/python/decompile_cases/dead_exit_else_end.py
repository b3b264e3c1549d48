"""≤3.9: a try whose except clauses all raise and whose else clause returns,
ending a with body or an if branch with nothing after it inside the block:
the clauses' dead jump past the else clause lands on the with's dead exit
or on the code after the if, which the enclosing block does not reach as
its own end; the code up to it was still the else clause
(cachetools TTLCache.popitem, boltons SpooledIOBase.__eq__)."""


def else_return_in_with(timer, pop):
    with timer as time:
        pop(time)
        try:
            key = next(iter(pop))
        except StopIteration:
            raise KeyError(time)
        else:
            return (key, pop(key))


def else_return_in_if(self, other):
    if isinstance(other, self.__class__):
        pos = self.tell()
        try:
            self.seek(0)
            eq = True
        except Exception:
            self.seek(pos)
            raise
        else:
            return eq
    return False


def else_return_after_nested_clause(a, b):
    if a:
        try:
            k = a()
        except ValueError:
            try:
                b()
            except Exception:
                pass
            raise
        else:
            return k
    return b


def after_try_return_in_if(a, b):
    if a:
        try:
            k = a()
        except ValueError:
            raise
        return k
    return b
