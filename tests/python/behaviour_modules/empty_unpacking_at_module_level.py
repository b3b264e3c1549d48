"""`[] = value` at module level: it was dropped (and `for [] in x` failed the
whole module). RESULT is what must be the same decompiled."""


class CountsIterations:
    def __init__(self):
        self.started = 0

    def __iter__(self):
        self.started += 1
        return iter(())


counted = CountsIterations()
[] = counted
() = counted
n = 0
for [] in [(), []]:
    n += 1
RESULT = counted.started, n
