"""`while True: ... break` ending a finally body: in the handler's copy
(3.10+) the break goes into the copy's closing RERAISE itself, outside the
loop, which has no exit test to give it a follow. Valid Python 3.8 syntax;
names need not exist."""


def endless_loop_ends_finally(n):
    try:
        f()
    finally:
        while 1:
            g(n)
            if n > 0:
                n -= 1
                continue
            break
    return n


def endless_loop_in_if_ends_finally(n):
    try:
        f()
    finally:
        if n:
            while True:
                n -= 1
                if n < 3:
                    break
    return n
