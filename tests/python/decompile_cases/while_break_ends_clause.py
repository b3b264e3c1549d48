"""A while loop ending an except clause, left by break, with code after the try.

3.13+ give each break its own copy of the clause's end (POP_EXCEPT, the
name unbinding, the jump past the try): that copy is where the loop ends,
not the code after the try it jumps to (read so, that code ran inside the
clause, before the exception was handled)."""


def endless_named(a):
    try:
        h()
    except E1 as e1:
        w0 = 0
        while True:
            w0 += 1
            if w0:
                break
    assert x, a


def endless(a):
    try:
        h()
    except E1:
        while True:
            a -= 1
            if a:
                break
            k(a)
    g(a)


def two_breaks(a, b, c):
    try:
        h()
    except E1:
        while True:
            a -= 1
            if b:
                break
            if c:
                break
    g(a)


def tested_named(a, b):
    try:
        h()
    except E1 as e1:
        while a:
            a -= 1
            if b:
                break
    g(a)


def inner_clause_loop(a, b, c):
    try:
        h()
    except E1:
        while True:
            a -= 1
            if b:
                break
            try:
                k()
            except E2:
                while True:
                    if c(a):
                        break
                    a += 1
    g(a)
