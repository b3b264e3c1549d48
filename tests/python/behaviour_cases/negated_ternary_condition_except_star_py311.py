"""The shape of negated_ternary_condition_shapes.py in an except* clause,
as difftest found it (9100:872, 3.13)."""


class Boom(Exception):
    pass


def negated_side_in_star_clause(b, c, y, log):
    try:
        raise ExceptionGroup("g", [KeyError(1), ValueError(2)])
    except* ValueError:
        if not y if 2 not in c else 5 == 2:
            log.append("x")
        elif not 2 < b < y:
            pass
        else:
            raise Boom(1)
    raise Boom("end", log)


def run_cases(ns):
    results = []
    for b in (0, 1, 3):
        for c in ([], [2]):
            for y in (0, 2):
                log = []
                try:
                    results.append(ns["negated_side_in_star_clause"](b, c, y, log))
                except BaseException as error:
                    results.append((type(error).__name__, repr(getattr(error, "exceptions", error.args))))
                results.append(log)
    return results
