"""`break` as the last statement of a try body in a while loop whose except
clause goes back to the loop (unittest.loader TestLoader.loadTestsFromName):
3.10+ jump from the clause to the while test repeated at the end of the
body, and the break falls into the code after the loop (3.12+) or runs its
own copy of it."""


def break_falls_into_code_after_loop(parts, module, g):
    if module is None:
        copy = parts[:]
        while copy:
            try:
                module = g(copy)
                break
            except ImportError:
                n = copy.pop()
                if not copy:
                    return n
        parts = parts[1:]
    obj = module
    for part in parts:
        obj = g(obj, part)
    return obj


def break_runs_copy_of_return(parts, g):
    while parts:
        try:
            g(parts)
            break
        except ImportError:
            parts.pop()
    return parts


def break_before_two_calls(parts, g, k):
    while parts:
        try:
            g(parts)
            break
        except ImportError:
            parts.pop()
    k()
    k()


def break_in_if_with_else(parts, g, k, c):
    while parts:
        if c:
            try:
                g(parts)
                break
            except ImportError:
                parts.pop()
        else:
            k()
    k()
    k()


def break_in_elif(parts, g, k, c, d):
    while parts:
        if c:
            k(1)
        elif d:
            try:
                g(parts)
                break
            except ImportError:
                parts.pop()
        else:
            k()
    return parts


def break_with_named_clause(parts, g, k):
    while parts:
        try:
            g(parts)
            break
        except ImportError as e:
            parts.pop(e)
    k()
    k()
