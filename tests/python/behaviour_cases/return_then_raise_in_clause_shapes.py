"""An except clause whose `if c: return` comes before a final `raise` (laid
out after the return; ≤3.9 also keep its dead clause exit): the decompiled
clause must still return when c holds and re-raise otherwise."""


def return_then_raise(fail, quiet):
    try:
        if fail:
            raise KeyError(fail)
        result = "ran"
    except:
        if quiet:
            return "quiet"
        raise
    return result


def return_then_raise_as(fail, quiet):
    try:
        if fail:
            raise OSError(fail)
    except OSError as e:
        if quiet and e.args:
            return ("quiet", e.args)
        raise
    return "ran"


def run_cases(ns):
    results = []
    for name in ("return_then_raise", "return_then_raise_as"):
        for fail in (0, 1):
            for quiet in (0, 1):
                try:
                    results.append(ns[name](fail, quiet))
                except (KeyError, OSError) as error:
                    results.append((type(error).__name__, error.args))
    return results
