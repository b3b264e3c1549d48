"""`y, y = a, f()`: one local written twice by a tuple assignment. 3.13+
compile the first store (overwritten at once) as a POP_TOP of `a`, held
on the stack while f() runs; reading that POP_TOP as a statement after
`y = f()` evaluated `a` after the call (session 23's random programs:
`del z` then `y, y = z, boom(5)` raised after calling boom)."""


def unbound_name_first(a, b, c):
    x, y, z = a, b, 0
    del z
    y, y = z, boom(5)


def parameter_first(a, b):
    y, y = a, boom(5)
    return y


def attribute_first(a):
    y, y = a.x, boom(5)
    return y
