"""≤3.9: a try ending a loop body, whose body breaks in one branch and falls
off its end in the other: the fall-off jumps straight back to the header
(the jump over the clauses, threaded), which is no written `continue`
(that one would leave the body's dead ending after it; checked by hand
on 3.8/3.9, where this rule applies: 3.10/3.11 read it otherwise)."""


def break_then_fall_off(q, h):
    while True:
        try:
            r = q.get()
            if r is None:
                break
            h(r)
        except KeyError:
            break


def break_then_fall_off_pass_clause(q, h):
    while q:
        try:
            r = q.get()
            if r is None:
                break
            h(r)
            if r:
                h(r)
        except KeyError:
            pass

