"""A `while ... else:` loop left by breaks, one under two nested ifs, one
in a try's else clause (pyparsing SkipTo.parseImpl): the control flow graph
leaves the try body and the tests before it out of the natural loop, so
the breaks' target was not found and the code after the loop was read into
its body. Session 23: on 3.10-3.13 the decompiled function returned after
the first pass where the original went round again.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def skip_to(a, b, stop):
    t = a
    while t <= b:
        if stop is not None:
            if stop(t):
                break
        try:
            if t < 3:
                raise IndexError
        except (ValueError, IndexError):
            t += 1
        else:
            break
    else:
        raise ValueError(t)
    r = t * 10
    return r


def run_cases(ns):
    results = []
    for args in ((0, 5, None), (0, 5, lambda t: t == 1), (0, 1, None), (4, 9, None)):
        try:
            results.append(ns["skip_to"](*args))
        except ValueError as error:
            results.append(repr(error))
    return results
