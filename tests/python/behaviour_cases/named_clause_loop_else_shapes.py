"""for/else loops inside named except clauses (3.8).

3.8 leave a named clause by break/continue with POP_EXCEPT, a CALL_FINALLY
of the name's unbinding, then the jump. The else clause's `continue` of a
for loop in the clause was read as the clause's end: the else clause was
dropped and the `continue` written after the loop, so the loop's break
skipped the code after the try too. (3.13 refuses the try-in-loop form.)
A break ending a finally body in a named clause took the same path and
was written after the try/finally, where it no longer swallows the
exception (3.9+ refuse that finally).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def for_else_continue_in_named_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            for x in item:
                try:
                    h(x)
                except ValueError:
                    break
            else:
                continue
        log.append(item)
    return log


def for_else_continue_then_code_in_named_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            for x in item:
                if x:
                    break
            else:
                continue
            log.append(type(e).__name__)
        log.append(item)
    return log


def break_in_finally_in_named_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            try:
                h(e)
            finally:
                log.append(1)
                break
        log.append(item)
    return log


def run_cases(ns):
    def h(x):
        if isinstance(x, tuple):
            raise LookupError(x)
        if x == 2:
            raise ValueError(x)

    results = []
    items = [(1, 3), (1, 2), 5, (0, 0), (), (0, 4)]
    for name in ("for_else_continue_in_named_clause", "for_else_continue_then_code_in_named_clause"):
        results.append((name, ns[name](items, h, [])))
    def h2(x):
        if isinstance(x, tuple):
            raise LookupError(x)
        if isinstance(x, LookupError):
            raise ValueError(x)

    for name in ("break_in_finally_in_named_clause",):
        results.append((name, ns[name]([1, 2, (3,), 4], h2, [])))
    return results
