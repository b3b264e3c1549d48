# 3.14+: where every except clause leaves, the code after the body may have
# been the else clause (compiled before the clauses) or the code after the
# try statement (compiled after them). Which one met the names and constants
# only it uses first tells; LOAD_FAST_BORROW does not (a short tail that
# ends the function is copied and borrows either way).


def after_try_constant(data, key):
    try:
        o = data[key]()
    except KeyError:
        return False
    return o is not None


def after_try_names(input_charset):
    try:
        if isinstance(input_charset, str):
            input_charset.encode("ascii")
        else:
            input_charset = str(input_charset, "ascii")
    except UnicodeError:
        raise CharsetError(input_charset)
    input_charset = input_charset.lower()
    return ALIASES.get(input_charset, input_charset)

