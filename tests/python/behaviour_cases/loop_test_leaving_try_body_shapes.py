"""A loop in a try body whose test is read as `while True: if test:
continue`, the test's jump out of the loop going straight to where the
try body ends (difftest findings while_constant_or_test_in_try and
while_false_and_test_in_try: the decompiled functions never ended).

3.14+ `while b <= (c or a):` (the or's value jump keeps the test from
reading as the loop's): the test's false jump goes to the copy of the
implicit `return None` after the try, outside the protection; the branch
stopped there and fell off the if, so the loop went round forever.
≤3.10 `while (a if y else y) >= x and d:`: the test's false jumps go to
the POP_BLOCK that ends the try body, which was not taken for the loop's
follow.

Also `while True: ...; if w0: break` in a try whose finally body returns
(difftest finding while_true_break_in_try_finally_return_hang, 3.12 and
3.13): the break's jump goes straight to the finally body's copy and its
return, outside the protection; the branch fell off the if there.

Each iterator here raises StopIteration when exhausted, so a loop that
does not end raises (caught) instead of hanging.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def or_value_test_named_clause(a, b, c, log):
    it = iter(b)
    try:
        while next(it) <= (c or a):
            pass
    except StopIteration as e:
        log.append("stop")


def or_value_test_pass_clause(a, b, c, log):
    it = iter(b)
    try:
        while next(it) <= (c or a):
            log.append("body")
    except StopIteration:
        pass


def constant_or_test(a, b, c, log):
    it = iter(b)
    try:
        while next(it) <= (-1 or a):
            pass
    except StopIteration as e:
        x, x = 0, 1


def or_value_test_code_after(a, b, c, log):
    it = iter(b)
    try:
        while next(it) <= (c or a):
            pass
    except StopIteration as e:
        log.append("stop")
    return 5


def ternary_and_test(a, b, c, log):
    it = iter(b)
    x, y = a, c
    try:
        w0 = 0
        while (0 if y else y) >= x and next(it):
            pass
    except StopIteration:
        log.append("stop")
    else:
        while True:
            if w0:
                break
            return 4


def ternary_and_test_with_else(a, b, c, log):
    it = iter(b)
    try:
        while (a if c else -1) <= next(it) and next(it):
            log.append("body")
    except StopIteration:
        log.append("stop")
    else:
        log.append("else")
    log.append("after")


def break_then_finally_return(a, b, c, log):
    try:
        w0 = 0
        while True:
            w0 += 1
            if w0:
                break
    finally:
        return


def break_then_finally_log(a, b, c, log):
    it = iter(b)
    try:
        while True:
            if next(it) > a:
                break
    finally:
        log.append("finally")
    return 5


def run_cases(ns):
    results = []
    names = ("or_value_test_named_clause", "or_value_test_pass_clause", "constant_or_test", "or_value_test_code_after",
             "ternary_and_test", "ternary_and_test_with_else", "break_then_finally_return", "break_then_finally_log")
    for name in names:
        for a in (0, 2):
            for b in ([], [1], [1, 5, 1], [0, 0, 3, 1], [-3, -2, 4]):
                for c in (0, 1):
                    log = []
                    try:
                        result = ns[name](a, b, c, log)
                    except Exception as e:  # noqa: BLE001
                        result = type(e).__name__
                    results.append((name, a, b, c, result, log))
    return results
