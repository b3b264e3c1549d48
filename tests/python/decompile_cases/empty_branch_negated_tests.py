# An if whose branch is empty: the last test's jump lands on the next
# instruction either way, only its sense says whether that operand was negated.


def negated_alone(a):
    if not a:
        pass
    return 1


def negated_last_of_or(a, b):
    if a or not b:
        pass
    return 2


def negated_group_in_elif(rows, index, showindex, is_str):
    if showindex == "default" and index is not None:
        rows = prepend(rows, index)
    elif showindex == "never" or (not truth(showindex) and not is_str):
        pass
    if rows:
        rows = rows[1:]
    return rows


def negated_membership(key, table):
    if key not in table:
        pass
    if not key in table:  # noqa: E713
        pass
    return key


def negated_none_test(value, other):
    if value is None or not other:
        pass
    return value
