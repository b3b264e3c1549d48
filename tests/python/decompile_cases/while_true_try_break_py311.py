# `while True:` left only by the break that ends a try statement (in its
# else clause or body), the code after the loop placed right after the try
# body: 3.12+ drop the break's jump to it, leaving a NOP on the break's line,
# which says the loop ends there (a return in the else clause has none).


def else_break_then_return(source):
    tries = 0
    while True:
        try:
            items = list(source)
        except RuntimeError:
            tries += 1
        else:
            break
    return len(items)


def else_break_then_comprehension(source):
    tries = 0
    while True:
        try:
            items = list(source)
        except RuntimeError:
            tries += 1
            if tries >= 10:
                raise
        else:
            break
    return {item for item in items if item}


def return_in_else(source):
    tries = 0
    while True:
        try:
            items = list(source)
        except RuntimeError:
            tries += 1
        else:
            return len(items)
