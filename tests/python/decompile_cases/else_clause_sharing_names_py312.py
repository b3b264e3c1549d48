# 3.12+ compile a try's else clause before its except clauses: where the
# else clause has no names of its own, a name it shares with the clauses
# (`matches.append` / `fatals.append`) still comes before the clauses' own
# first name (`except E:`), which code after the try would follow. (Read as
# `continue` in the clauses and the code after the try, co_names came out
# in another order; pyparsing Or.parseImpl has this shape.)


def collect(exprs, matches, fatals):
    for e in exprs:
        try:
            loc2 = e.try_parse()
        except ValueError as pfe:
            fatals.append(pfe)
        else:
            matches.append((loc2, e))
    return matches


def collect_two_clauses(exprs, matches, fatals):
    for e in exprs:
        try:
            loc2 = e.try_parse()
        except ValueError as pfe:
            fatals.append(pfe)
        except KeyError as err:
            if not fatals:
                err.x = None
        else:
            matches.append((loc2, e))
    return matches


def after_try(exprs, matches, fatals):
    for e in exprs:
        try:
            loc2 = e.try_parse()
        except ValueError as pfe:
            fatals.append(pfe)
            continue
        matches.append((loc2, e))
    return matches
