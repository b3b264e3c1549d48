# A with statement in an except clause inside a loop, its body ending in
# break/continue: the body's exit call is followed by the clause's
# POP_EXCEPT and the loop's jump (a for loop's break drops the iterator;
# 3.10+ may run a copy of the code after the loop instead), not by the
# code after the with.


def break_in_with_in_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError:
            with open(item) as f:
                log.append(f)
                break
        log.append(item)
    return log


def continue_in_with_in_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except LookupError:
            with cm(item) as f:
                log.append(f)
                continue
        log.append(item)
    return log


def break_in_with_in_clause_while(items, h, cm):
    while items:
        try:
            h(items.pop())
        except KeyError:
            with cm():
                h(1)
                break
        h(2)
    h(3)


def with_only_continue_in_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except KeyError:
            with h(None):
                continue
        log.append(item)
    return log


# 3.12+: a with (or try/finally) statement followed by a `break` ending the
# clause: the with's exits jump to the break's POP_EXCEPT, which is still
# in the clause, not the code after the loop.
def with_then_break_in_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except KeyError:
            with cm:
                log.append(item)
            break
    log.append(None)


def with_then_break_in_named_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except KeyError as e:
            with cm:
                log.append(e)
            break
    return log


def try_finally_then_break_in_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except KeyError:
            try:
                h(0)
            finally:
                log.append(1)
            break


def with_continuing_then_break_in_clause(items, h, cm, log):
    for item in items:
        try:
            h(item)
        except KeyError:
            with cm:
                log.append(item)
                continue
            break
    log.append(None)
