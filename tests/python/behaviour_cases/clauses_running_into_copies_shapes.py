"""`except A: pass` + `except B as e: pass` + `return missing` after a try
body that always raises: 3.10 and 3.12+ copy the return into each clause's
end, after its POP_EXCEPT. Session 23: read into the clauses, the NameError
of `missing` got the handled exception as its context (random program
24000:3256).

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def two_clauses_then_missing_name(error_type):
    try:
        raise error_type("handled")
    except TypeError:
        pass
    except KeyError as error:
        pass
    return missing_name  # noqa: F821


def run_cases(ns):
    results = []
    for error_type in (TypeError, KeyError):
        try:
            ns["two_clauses_then_missing_name"](error_type)
        except NameError as error:
            results.append((type(error).__name__, repr(error.__context__)))
    return results
