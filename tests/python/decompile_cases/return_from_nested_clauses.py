"""`return` from an except clause nested in the clauses of two or more
enclosing tries. 3.11+ keep the returned value on the stack across each
clause it leaves: after the clause's own POP_EXCEPT, `SWAP 2; POP_EXCEPT`
for each enclosing clause, where the stack is back at the inner clause's
depth though that clause already ended (email._encoded_words.decode_b)."""


def return_three_clauses_deep(e):
    try:
        return a(e)
    except KeyError:
        try:
            return b(e)
        except KeyError:
            try:
                return b(e)
            except KeyError:
                return g()


def return_name_three_clauses_deep(e):
    try:
        return a(e)
    except KeyError:
        try:
            return b(e)
        except KeyError:
            try:
                return b(e)
            except KeyError:
                return c


def return_tuple_four_clauses_deep(e):
    try:
        return a(e)
    except KeyError:
        try:
            return b(e)
        except ValueError:
            try:
                return c(e)
            except OSError:
                try:
                    return d(e)
                except KeyError:
                    return e, [f()]
