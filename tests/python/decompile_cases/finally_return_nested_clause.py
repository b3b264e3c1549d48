# A return ending a finally body two finally bodies deep, or inside an
# except clause of a try/finally, or in an if of a finally body inside an
# enclosing try/finally. 3.8 unwind the finally blocks (POP_FINALLY 0;
# POP_TOP each) or the clause (POP_EXCEPT) before the constant is loaded;
# the return was read after the inner try statement, or lost (random
# programs 24000:33375, 24000:38408, 25000:6090). (3.9+ refuse a return
# in these finally bodies or read `finally: return` as `except: pass` +
# `return`: decompile_known_failures.json.)


def return_in_finally_in_finally(a, b, c):
    try:
        try:
            b()
        finally:
            try:
                a()
            finally:
                return
    except 0 as e3:
        pass


def return_in_finally_in_clause(a, b, c):
    try:
        b()
    except Exception:
        try:
            a()
        finally:
            return
    finally:
        c()


def conditional_return_in_finally_in_try_finally(a, b, c):
    try:
        try:
            b()
        finally:
            if 0 < c:
                return
    finally:
        a()
