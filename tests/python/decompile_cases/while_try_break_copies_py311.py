# 3.12+ a break out of a while loop whose follow is short code ending the
# function runs its own copy of that code: read as the break.
# (3.8-3.10 print these differently: an else clause that ends the loop body
# reads as code after the try, `return y` after the loop as the break.)


def while_try_except_break_return_value(x, g, y):
    while x():
        try:
            g()
        except KeyError:
            break
    return y


def while_try_except_break_else(x, g, h):
    while x():
        try:
            g()
        except KeyError:
            break
        else:
            h()
