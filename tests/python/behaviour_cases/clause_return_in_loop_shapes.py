"""`return <constant>` inside an if in an except clause, inside a for loop,
with code after the try. The return path drops the loop's iterator
(POP_TOP) before it loads the constant; the test for "this clause both
jumps on and returns" did not see that as a return, so the return was
taken for the code after the clause and written after the if, for every
exception: `if x == 3: pass` / `return 'ret'` (all versions; 3.8 also
without code after the try).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def _step(log, x):
    log.append(x)
    if x % 2:
        raise ValueError(x)


def named_clause_return_then_code(log, xs):
    for x in xs:
        try:
            _step(log, x)
        except ValueError as e:
            if x == 3:
                return "ret"
        log.append("after")


def unnamed_clause_return_then_code(log, xs):
    for x in xs:
        try:
            _step(log, x)
        except ValueError:
            if x == 3:
                return "ret"
        log.append("after")


def named_clause_return_ends_loop_body(log, xs):
    for x in xs:
        try:
            _step(log, x)
        except ValueError as e:
            log.append(str(e))
            if x == 3:
                return "ret"
        else:
            log.append("none")


def clause_return_in_nested_loops(log, xss):
    for xs in xss:
        for x in xs:
            try:
                _step(log, x)
            except ValueError as e:
                if x == 3:
                    return None
            log.append("after")
        log.append("outer")
    return "end"


def clause_return_in_with_in_loop(log, xs):
    import contextlib

    for x in xs:
        with contextlib.suppress(KeyError):
            try:
                _step(log, x)
            except ValueError as e:
                if x == 3:
                    return "r"
            log.append("after")
    return "end"


def clause_return_in_generator_loop(log, xs):
    for x in xs:
        try:
            _step(log, x)
        except ValueError as e:
            if x == 3:
                return "ret"
        yield x


def run_cases(ns):
    results = []
    for name in ("named_clause_return_then_code", "unnamed_clause_return_then_code",
                 "named_clause_return_ends_loop_body", "clause_return_in_with_in_loop"):
        for xs in ([2, 1, 3, 4], [1, 2], [5, 3]):
            log = []
            results.append((name, ns[name](log, xs), log))
    log = []
    results.append(ns["clause_return_in_nested_loops"](log, [[1, 2], [3, 4]]))
    results.append(log)
    log = []
    results.append(list(ns["clause_return_in_generator_loop"](log, [2, 1, 4, 3, 6])))
    results.append(log)
    return results
