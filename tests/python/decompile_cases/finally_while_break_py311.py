"""A while loop ending a finally body, left by `break`: 3.11+ copy the
handler copy's closing RERAISE into the break (the loop's follow is that
re-raise). Valid Python 3.8 syntax; names need not exist."""


def while_break_ending_finally(a, b):
    try:
        f()
    finally:
        while a:
            if b:
                a = 0
                continue
            break
    return "end"


def while_break_ending_finally_in_loop(a, b):
    for k in range(2):
        try:
            f(k)
        finally:
            while a:
                if b:
                    break
                a = 0
    return "end"


def while_break_ending_nested_finally(a, b):
    try:
        f()
    finally:
        try:
            g()
        finally:
            while a:
                if b:
                    a = 0
                    continue
                break
    return "end"
