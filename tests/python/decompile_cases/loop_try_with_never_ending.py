# A try ending a loop body whose body is a with statement whose own body
# never goes on (it raises): the try body goes on only where __exit__
# suppresses that exception, into its POP_BLOCK and jump back to the
# header. ≤3.10 found the body's end past the handlers, at the loop's
# follow: the try read with `else: break` (two items) or was refused (one;
# random program 24000:54706); outside a loop, `else: return None` was
# read, the code after the try moved past it (24000:39918).


def with_two_items_raising_in_loop_try(a, b, c):
    while a:
        try:
            with b, c:
                raise 0
        except 0:
            pass


def with_raising_in_loop_try(a, b, c):
    while a:
        try:
            with b:
                raise 0
        except 0:
            pass


def counted_with_raising_in_loop_try(a, b, c):
    w0 = 0
    while w0 < 2:
        w0 += 1
        try:
            with CM(a, True) as x, 0 as a:
                raise 0
        except 0:
            pass


def with_two_items_raising_in_try_then_code(a, b, c):
    if a:
        pass
    else:
        try:
            with b, c:
                raise 0
        except 0:
            pass
        with d:
            pass
