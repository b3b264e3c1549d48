# A `continue` written after an if at the end of an if's first branch that
# has an elif: ≤3.9 thread the inner test's jump through that `continue` to
# the loop's start, so both the test and the branch seem to go back on
# their own. One jump back: the if, then the `continue` (sqlparse
# OutputPythonFilter._process).


def process(stream):
    for token in stream:
        if a:
            x()
            if b:
                y()
            continue
        elif c:
            z()
        w()


def continue_ends_body(stream):
    for token in stream:
        x()
        if b:
            y()
            continue


# A try ending an if's first branch, then `continue`: ≤3.9 thread the try
# body's exit and the clauses' ends through that `continue` to the loop's
# start and leave it dead after the clauses; it is no else clause of the
# try, nor the jump over an else clause of the if (pycparser's yacc parse
# loops).
def try_then_continue(t, plen):
    while True:
        x()
        if t < 0:
            try:
                a()
            except SyntaxError:
                b()
            continue
        e()


def tries_then_continue_in_both_branches(t, plen):
    while True:
        x()
        if t < 0:
            if plen:
                try:
                    a()
                except SyntaxError:
                    b()
                continue
            else:
                try:
                    c()
                except SyntaxError:
                    d()
                continue
        if t == 0:
            return 1
        e()
