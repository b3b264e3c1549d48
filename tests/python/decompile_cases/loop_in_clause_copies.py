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
