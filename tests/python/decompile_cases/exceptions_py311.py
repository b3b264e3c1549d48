"""3.11+: `return` in an except clause nested in an enclosing try: the
constant is loaded after that try's protection ends, where the walk stops."""


def constant_return_in_nested_clause(f, dotlock):
    try:
        try:
            pre_lock = f()
        except OSError:
            return
        f(pre_lock)
    except:
        raise
