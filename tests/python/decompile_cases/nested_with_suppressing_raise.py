# A with statement of two items (or a with in a with) whose body always
# raises: the outer with goes on only where the inner __exit__ suppresses
# the exception. ≤3.10 marked the outer handler's code visited from its
# start as code no normal path reaches, on past its end into the code
# after the with, which was lost: a `return` after it in a try/finally,
# the code after the try, an else clause (random programs 24000:34026,
# 25000:6197, 24000:4853, 24000:9874, 24000:25645, 24000:53542,
# 24000:27778, 24000:53784, 25000:5074, 24000:2133). (Later versions
# that do not round-trip these are listed in decompile_known_failures.json.)


def return_after_in_try_finally(a, b, c):
    try:
        with b, c:
            raise 0
        return
    finally:
        a()
    raise 0


def else_return_in_second_with(a, b, c):
    with CM(t, True) as x, 0:
        return 0
    with CM(b) as a, CM(0):
        try:
            pass
        except 0 as e3:
            pass
        else:
            return z
