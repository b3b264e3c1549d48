"""A for loop with an else clause inside a named except clause (3.8).

3.8 leave a named clause by break/continue with POP_EXCEPT, then a
CALL_FINALLY of the clause's `name = None; del name`, then the jump. In a
for/else's else clause that sequence was read as the clause's end: the
else clause was dropped and its `continue` written after the loop, so the
loop's break continued the outer loop too."""


def named_clause_for_else_continue_if(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            for x in item:
                if x:
                    break
            else:
                continue
            log.append(e)
        log.append(item)
    return log


def named_clause_continue(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            log.append(e)
            continue
        log.append(item)
    return log
