"""A `return` in a finally clause inside a with body (see
finally_swallows_exception.py): the return runs the with's exit first,
in both copies of the finally body. 3.14+ only: ≤3.13 not read yet."""


def return_in_finally_in_with(cm, a):
    with cm:
        try:
            return 1 / a
        finally:
            return -1
