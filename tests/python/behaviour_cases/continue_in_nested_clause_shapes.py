"""`continue`/`break` in an except clause nested in another (named) except
clause: it leaves both clauses. It was written after the inner try instead,
where the inner body's normal path ran it too (pdb.main: an endless loop).

run_cases() makes the calls whose results must be the same with the
decompiled functions."""


def continue_in_nested_clause(g, h, log):
    while True:
        try:
            g()
        except KeyError:
            log.append(1)
        except BaseException as e:
            log.append(2)
            try:
                h(e)
            except ValueError:
                log.append(3)
                continue
        if log:
            break
        log.append(4)
    return log


def break_in_nested_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            try:
                h(e)
            except ValueError:
                log.append("inner")
                break
            log.append("after inner try")
        log.append(item)
    return log


def try_else_continue_in_named_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except KeyError as e:
            try:
                h(e)
            except ValueError:
                pass
            else:
                continue
            log.append(e)
        log.append(item)
    return log


def run_cases(ns):
    def fail_then(exc):
        calls = []

        def h(*args):
            calls.append(args)
            if len(calls) % 2 == 1:
                raise exc
        return h

    results = []
    results.append(ns["continue_in_nested_clause"](fail_then(KeyError()), lambda e: None, []))
    results.append(ns["continue_in_nested_clause"](fail_then(OSError()), lambda e: None, []))
    state = []

    def h_inner(e):
        state.append(e)
        if len(state) < 3:
            raise ValueError
    results.append(ns["continue_in_nested_clause"](fail_then(OSError()), h_inner, []))
    results.append(ns["break_in_nested_clause"]([1, 2, 3], fail_then(KeyError()), []))

    def raise_lookup_then_value(x):
        if isinstance(x, int):
            raise LookupError
        raise ValueError
    results.append(ns["break_in_nested_clause"]([1, 2], raise_lookup_then_value, []))

    def raise_key_then_value(x):
        if isinstance(x, int):
            raise KeyError(x)
        if str(x) == "2":
            raise ValueError
    results.append([repr(v) for v in ns["try_else_continue_in_named_clause"]([1, 2, 3], raise_key_then_value, [])])
    return results
