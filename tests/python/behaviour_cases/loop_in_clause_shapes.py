"""Loops inside except clauses whose breaks leave the clause.

A break out of a loop that ends the clause runs its own copy of the
clause's end and of short code after the try (3.10+): decompiled without
the break, `while c(): if x(): break` became an endless loop (3.12/3.13).
3.10 put the break out of an enclosing loop, written after a for/else in
the clause, straight into the inner loop's break: it was dropped and the
else clause's `continue` printed after the loop. Such code must decompile
right or not at all.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def while_break_in_clause(g, c, x):
    try:
        g()
    except ValueError:
        while c():
            if x():
                break
            g(1)
    return 2


def outer_break_after_for_else_in_clause(g, xs, ys):
    for a in xs:
        try:
            g(a)
        except ValueError:
            for b in ys:
                if b:
                    break
            else:
                continue
            break
    return a


def run_cases(ns):
    results = []
    for fails in (False, True):
        calls = []

        def g(*args, calls=calls, fails=fails):
            calls.append(args)
            if fails and not args:
                raise ValueError

        rounds = iter([True, True, True, False])
        stops = iter([False, True, False])
        outcome = ns["while_break_in_clause"](g, lambda: next(rounds), lambda: next(stops))
        results.append(("while", outcome, list(calls)))

    def failing_on(bad):
        def g(a):
            if a in bad:
                raise ValueError(a)

        return g

    for bad in ((), (2,), (1, 2, 3)):
        for ys in ([], [0, 0], [0, 1]):
            outcome = ns["outer_break_after_for_else_in_clause"](failing_on(bad), [1, 2, 3], ys)
            results.append(("for_else", bad, ys, outcome))
    return results
