# As clause_loop_break_return_copies.py, an except clause without a name
# (3.10-3.12 still refuse it: "the except clause is left from inside a loop").


def unnamed_clause(g, dst, codes):
    try:
        g(dst)
    except OSError:
        for code in codes:
            if code == dst:
                break
        else:
            raise
