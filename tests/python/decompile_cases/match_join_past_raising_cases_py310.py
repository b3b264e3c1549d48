# Match statements whose default case raises: for the post-dominators over
# returning paths raises are dead ends, so the first test's post-dominator
# lies in the other case's success code, which is no join of the cases.


def or_case_then_raise(format, F, g, b):
    match format:
        case F.VALUE | F.FORWARDREF:
            g(b)
            return 1
        case _:
            raise NotImplementedError(format)


def or_case_falls_then_raise(format, F, g, b):
    match format:
        case F.VALUE | F.FORWARDREF:
            g(b)
        case _:
            raise NotImplementedError(format)
    return 2


def loop_in_or_case(format, F, g, x):
    match format:
        case F.VALUE | F.FORWARDREF:
            for b in x:
                g(b)
            return 1
        case _:
            raise NotImplementedError(format)


def raising_or_case(v, m):
    match v:
        case m.A | m.B:
            raise ValueError(v)
        case m.C:
            return v
        case _:
            return None
