"""Returns inside except clauses that also run on to the code after the try.

The clause ends twice: where it goes on (a jump to the code after the try)
and at the POP_EXCEPT before a return. The return is a statement inside the
clause, not its end (codeop._maybe_compile: decompiled as `if c: pass`
followed by `return None`, a behaviour change the stdlib tests caught).

run_cases() makes the calls whose results (or exceptions) must be the same with
the decompiled functions; `g` raises SyntaxError for the first call when
asked to."""

import contextlib


def return_in_clause_if(c, g):
    try:
        g()
    except SyntaxError as e:
        if c(e):
            return None
    return g(1)


def return_value_in_clause_if(c, g):
    try:
        g()
    except (SyntaxError, ValueError):
        if c():
            return 5
        g(2)
    return g(1)


def return_in_inner_try_body(g):
    try:
        g()
    except SyntaxError:
        try:
            g(2)
            return None
        except SyntaxError:
            pass
    return g(1)


def return_constant_in_inner_try_body(g):
    try:
        g()
    except SyntaxError:
        try:
            g(2)
            return 5
        except SyntaxError:
            pass
    return g(1)


def return_in_clause_inside_with(c, g):
    with contextlib.nullcontext():
        try:
            g()
        except SyntaxError as e:
            if c(e):
                return None
    return g(1)


def returned_nested_conditional(x, y):
    return (x if y else -x) if x > y else y


def while_try_without_normal_exit(h, g):
    while len(h) > 1:
        try:
            while True:
                h.pop()
        except IndexError:
            g(h)
    if h:
        yield h


def make_g(fail_first, fail_second=False):
    calls = []

    def g(*args):
        calls.append(args)
        if (len(calls) == 1 and fail_first) or (len(calls) == 2 and fail_second):
            raise SyntaxError("incomplete input" if fail_second else "x")
        return ("g", args)

    return g


def elif_chain_in_named_clause(opener, code, create):
    # 3.13 gives each branch its own copy of the clause's end; decompiled as
    # separate ifs, the `else: raise` ran after the first branch too.
    try:
        f = opener("first")
    except OSError as e:
        if e.errno == code:
            if create:
                f = opener("create")
            else:
                raise KeyError("missing")
        elif e.errno in (13, 30):
            f = "read-only"
        else:
            raise
    return f


# 3.12+: the clause's `return` (or a loop's `break`) is a copy of the
# `return None` that also ends the code after the if (or the loop): taken
# for the code after the try, the clause ran on into the else's code.
def clause_return_in_if_with_else(log, line, fail):
    if line:
        try:
            if fail:
                raise OSError
            log.append("ran")
        except OSError:
            return
    else:
        log.append("empty")
    log.append("done")


def clause_break_in_while(log, heads):
    while heads:
        try:
            if heads[-1] is None:
                raise OSError
            log.append(heads.pop())
        except OSError:
            break
        log.append("next")


def run_cases(ns):
    """Results of every case call, with the functions of namespace `ns`."""
    results = []
    for first in (False, True):
        for second in (False, True):
            for verdict in (True, False):
                def c(*args, verdict=verdict):
                    return verdict
                calls = (("return_in_clause_if", True), ("return_value_in_clause_if", True),
                         ("return_in_clause_inside_with", True),
                         ("return_in_inner_try_body", False), ("return_constant_in_inner_try_body", False))
                for name, takes_c in calls:
                    g = make_g(first, second)
                    try:
                        results.append((name, ns[name](c, g) if takes_c else ns[name](g)))
                    except Exception as error:  # noqa: BLE001 - the outcome is compared
                        results.append((name, type(error).__name__))
    for x, y in ((1, 2), (2, 1), (2, 0), (0, 0)):
        results.append(("returned_nested_conditional", ns["returned_nested_conditional"](x, y)))
    for size in (0, 1, 3):
        h = list(range(size))
        grown = []

        def grow_once(h, grown=grown):
            # The first time the list runs dry it gets two items back, so the
            # loop must go round again (the lost loop-back stopped after one).
            if not grown:
                grown.append(1)
                h.extend([7, 8])

        results.append(("while_try", list(ns["while_try_without_normal_exit"](h, grow_once))))

    def opener_failing(errno_value):
        def opener(mode):
            if mode == "first":
                error = OSError("no")
                error.errno = errno_value
                raise error
            return mode

        return opener

    for line in ("", "x"):
        for fail in (False, True):
            log = []
            ns["clause_return_in_if_with_else"](log, line, fail)
            results.append(("clause_return_in_if_with_else", log))
    for heads in ([], [1, 2], [None, 1, 2]):
        log = []
        ns["clause_break_in_while"](log, list(heads))
        results.append(("clause_break_in_while", log))

    for errno_value in (2, 13, 30, 5):
        for create in (True, False):
            try:
                value = ns["elif_chain_in_named_clause"](opener_failing(errno_value), 2, create)
            except (KeyError, OSError) as error:
                value = type(error).__name__
            results.append(("elif_chain", errno_value, create, value))
    return results
