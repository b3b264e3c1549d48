"""`except E: if a: return` in a try/finally with code after it (difftest
finding clause_while_walrus_test_return, 3.9-3.15; `while not (z := 1):
return` compiles to the same if). Both branches of the if leave the except
clause at POP_EXCEPTs of their own: the return's runs a copy of the
finally body and returns, the other jumps to the end of the clause. They
were taken to meet at the first, so the clause came out as `if a: pass`
then `return None`: the function returned None on every path through the
clause.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def if_return(a, b, log):
    try:
        log.append(1 // b)
    except ZeroDivisionError:
        if a:
            return
    finally:
        log.append("finally")
    return 0


def if_not_walrus_return(a, b, log):
    try:
        log.append(1 // b)
    except ZeroDivisionError:
        if not (z := a):
            return
    finally:
        log.append("finally")
    return 0


def while_walrus_return(a, b, log):
    try:
        log.append(1 // b)
    except ZeroDivisionError:
        while not (z := 1):
            return
    finally:
        log.append("finally")
    return 0


def named_clause_return_value(a, b, log):
    try:
        log.append(1 // b)
    except ZeroDivisionError as e:
        if a:
            return "clause"
        log.append("no return")
    finally:
        log.append("finally")
    log.append("after")
    return 0


def nested_finally_return(a, b, log):
    try:
        try:
            log.append(1 // b)
        except ZeroDivisionError:
            if a:
                return
        finally:
            log.append("inner")
    finally:
        log.append("outer")
    return 0


def run_cases(ns):
    results = []
    names = ("if_return", "if_not_walrus_return", "while_walrus_return", "named_clause_return_value",
             "nested_finally_return")
    for name in names:
        for a in (0, 1):
            for b in (0, 1):
                log = []
                try:
                    result = ns[name](a, b, log)
                except Exception as e:  # noqa: BLE001
                    result = type(e).__name__
                results.append((name, a, b, result, log))
    return results
