"""Code after a try whose body never goes on, reached only from the ends of
several except clauses: 3.10 and 3.12+ give each clause its own copy of a
short returning tail. It is the code after the try, not each clause's own
(read into the clauses, `return y` ran while the exception was still being
handled: random program 24000:3256)."""


def two_clauses_then_return(make):
    try:
        raise make()
    except TypeError:
        pass
    except KeyError:
        pass
    return result


def named_and_bare_clauses_then_return(make):
    try:
        raise make()
    except TypeError as error:
        pass
    except:
        pass
    return result
