"""A while loop ending an except* clause whose body ends in `if c: break`.

3.13 and 3.15 run the break through its own copy of the clause's end
([name = None; del name]; LIST_APPEND; JUMP), reached by falling out of
the test while the other way goes back to the header: that branch is the
break (read as falling on, the loop never ended)."""


def break_ends_body_named():
    try:
        a()
    except* E2 as e1:
        w0 = 0
        while True:
            w0 += 1
            if w0:
                break


def break_ends_body():
    try:
        a()
    except* E1:
        w0 = 0
        while True:
            w0 += 1
            if w0:
                break


async def break_ends_body_async():
    try:
        await a()
    except* Exception as e7:
        w0 = 0
        while True:
            w0 += 1
            if w0:
                break


def break_ends_body_then_code():
    try:
        a()
    except* E1:
        while True:
            b()
            if c():
                break
        d()


def break_ends_body_of_tested_loop(x):
    try:
        a()
    except* E1 as e:
        while x:
            x -= 1
            if b(x, e):
                break
    return x
