# `return` in a try body inside an except clause of a try/finally: 3.9/3.10
# leave the inner try, the clause (POP_EXCEPT) and the outer try, run the
# finally body's copy, then load the constant. The return was lost (random
# program 24000:17283); it is now read as the inner try's else clause
# (`try: pass` + `else: return None`, the same behaviour; listed in
# decompile_known_failures.json where it is not exact). The value return
# was exact already.


def return_in_try_in_clause_in_try_finally(a, b, c):
    try:
        a()
    except E:
        try:
            return
        except F:
            pass
        b()
    finally:
        c()


def return_value_in_try_in_clause_in_try_finally(a, b, c):
    try:
        a()
    except E:
        try:
            return b()
        except F:
            pass
        b()
    finally:
        c()
