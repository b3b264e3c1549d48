# A for loop ending an except clause inside a loop, its body breaking: 3.13
# give each break its own copy of the clause's end (POP_EXCEPT, the jump
# past the try or back to the enclosing header), so no jump says where the
# for statement ends; the copies do. And `return CONSTANT` in such a
# clause, which pops the enclosing loop's iterator after the POP_EXCEPT.


def for_else_continue_in_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                continue
        results.append(value)


def for_else_two_breaks_in_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
                if base:
                    value = 3
                    break
            else:
                continue
        results.append(value)


def for_else_falling_in_named_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError as e:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                results.append(e)
        results.append(value)


def for_breaking_ends_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
        results.append(value)


def for_else_return_in_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                return 5
        results.append(value)


def for_else_return_in_clause_no_loop(key, mro, getter, results):
    try:
        value = getter(key)
    except AttributeError:
        for base in mro:
            if key in base:
                value = base[key]
                break
        else:
            return 5
    results.append(value)


def for_else_return_in_clause_in_while(names, mro, getter, results):
    while names:
        try:
            value = getter(names.pop())
        except AttributeError:
            for base in mro:
                if base:
                    value = base
                    break
            else:
                return 5
        results.append(value)


def return_constant_in_if_in_loop_clause(names, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            if key:
                return 5
            value = 0
        results.append(value)


# 3.13: a while loop ending the clause exits by its top test and by its
# latch, each to its own copy of the clause's end (both on the while's
# line): the clause falls off its end, no written `continue`.
def while_ending_clause_in_for(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                h(1)


def while_ending_named_clause_in_for(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError as e:
            while c:
                h(e)


def while_then_continue_ending_clause(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                h(1)
            continue
        h(2)


# 3.13: a while loop ending the clause whose body breaks: the break runs
# its own copy of the clause's end (no iterator to pop).
def while_breaking_ends_clause(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                if h(1):
                    break
                h(2)


def while_breaking_ends_clause_then_code(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                if h(1):
                    break
                h(2)
        h(3)


# A for loop inside the clause whose own clause breaks it, then `break`
# of the outer loop (3.12/3.13 errors before session 14).
def inner_clause_break_then_outer_break(A, X, h, g):
    for a in A:
        try:
            h(a)
        except KeyError:
            for x in X:
                try:
                    h(x)
                except ValueError:
                    break
            break
    g(2)


def inner_clause_with_break_then_outer_break(A, X, h, g):
    for a in A:
        try:
            h(a)
        except KeyError:
            for x in X:
                try:
                    h(x)
                except ValueError:
                    with g:
                        h(1)
                    break
            break
    g(2)
