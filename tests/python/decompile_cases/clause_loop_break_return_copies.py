# A for loop with a raising else clause ends an except clause that ends the
# function: each break runs its own copy of the clause's end and of the
# implicit `return None` after the try (3.13+).


def break_before_implicit_return(g, dst, errno):
    try:
        g(dst)
    except OSError as why:
        for err in 'EOPNOTSUPP', 'ENOTSUP':
            if hasattr(errno, err) and why.errno == getattr(errno, err):
                break
        else:
            raise
