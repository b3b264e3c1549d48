"""`if not a or not b: continue` in a loop: 3.12+ give both tests one
jump back to the header (a written continue keeps its line), while the
body's own closing jump is copied into each test. Reading the shared jump
as the body's end must still skip the rest of the body.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def pick(xs, log):
    for x in xs:
        m = x and x % 3
        if not m or not callable(log.append):
            continue
        log.append(m)
    while xs:
        x = xs.pop()
        if not x or not x % 2:
            continue
        log.append((x, x))
    return log


def run_cases(ns):
    return [ns["pick"](xs, []) for xs in ([], [0, 1, 2, 3, 0, 5], [0, 4, 7])]
