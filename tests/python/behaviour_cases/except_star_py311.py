"""try/except* (PEP 654): which clauses run, what they bind, what is re-raised.

Each clause takes the part of the exception group its type matches, so
several clauses can run for one group and what no clause matched is raised
again afterwards. Shapes once read wrongly on 3.13: a loop in a clause that
breaks through its own copy of the clause's end (the break was lost)."""


def split(group):
    seen = []
    try:
        raise group
    except* ValueError as e:
        seen.append(("value", len(e.exceptions)))
    except* (TypeError, KeyError) as e:
        seen.append(("type/key", sorted(type(x).__name__ for x in e.exceptions)))
    except* OSError:
        seen.append("os")
    else:
        seen.append("else")
    finally:
        seen.append("finally")
    return seen


def split_and_rest(group):
    try:
        split_only_value(group)
    except Exception as rest:
        return "rest", type(rest).__name__, sorted(type(x).__name__ for x in rest.exceptions)
    return "handled"


def split_only_value(group):
    try:
        raise group
    except* ValueError:
        pass


def reraise_some(group, n):
    log = []
    try:
        try:
            raise group
        except* ValueError as e:
            log.append(len(e.exceptions))
            if n > 1:
                raise
        except* TypeError as e:
            raise RuntimeError("wrapped") from e
    except* RuntimeError as e:
        log.append(("runtime", len(e.exceptions)))
    except* ValueError:
        log.append("value again")
    return log


def body_falls(x):
    try:
        y = 10 // x
    except* ZeroDivisionError:
        y = -1
    else:
        y += 1
    return y


def while_break_in_clause(items):
    taken = []
    try:
        raise ExceptionGroup("g", [ValueError(1)])
    except* ValueError:
        while items:
            x = items.pop()
            if x > 2:
                break
            taken.append(x)
    return taken, items


def for_break_in_clause(items):
    taken = []
    try:
        raise ExceptionGroup("g", [KeyError(1)])
    except* KeyError as e:
        for x in items:
            if x > 2:
                break
            taken.append(x)
        else:
            taken.append("no break")
    return taken


def in_loop(values):
    out = []
    for v in values:
        try:
            if v:
                raise ExceptionGroup("g", [ValueError(v)])
            out.append("ok")
        except* ValueError as e:
            out.append(e.exceptions[0].args[0])
    return out


def run_cases(ns):
    groups = [
        ExceptionGroup("a", [ValueError(1), ValueError(2)]),
        ExceptionGroup("b", [TypeError(1), KeyError(2), ValueError(3)]),
        ExceptionGroup("c", [OSError(1)]),
        ValueError(5),
    ]
    results = [ns["split"](g) for g in groups]
    results += [ns["split_and_rest"](g) for g in groups]
    results += [ns["reraise_some"](ExceptionGroup("d", [ValueError(1), TypeError(2)]), n) for n in (1, 2)]
    results += [ns["body_falls"](x) for x in (0, 5)]
    results += [ns["while_break_in_clause"](list(items)) for items in ([1, 2], [1, 5, 2], [])]
    results += [ns["for_break_in_clause"](list(items)) for items in ([1, 2], [1, 5, 2], [])]
    results.append(ns["in_loop"]([0, 3, 0, 7]))
    return results
