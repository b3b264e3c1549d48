# A named except clause ending in an if whose other branch returns: 3.13+
# leave the clause by POP_EXCEPT, the unbinding of the name and a jump that
# is the only way to the code after the try. That code is not the if's
# join inside the clause (random program 315_25000_409; behaviour:
# named_clause_if_returning_branch_shapes.py, every version). ≤3.12 the
# empty branch is a jump to the clause's end: `if c: pass`, not turned
# round. (3.8 unbinds the name in a finally body on the way: not yet exact.)


def f0(a, b, c):
    try:
        raise E3
    except E1 as e1:
        if chk:
            pass
        else:
            return
    c[2] = z


def unnamed(a, c):
    try:
        a()
    except E1:
        if c:
            a.x = 1
        else:
            return a
    c[2] = a


def both_branches_leave(a, c):
    try:
        a()
    except E1 as e:
        if c:
            a.x = e
        else:
            a.y = e
    c[2] = a
