"""A for/else nested in a loop body that then breaks back to an outer
loop's header (ply yacc Grammar.infinite_cycles).

The nested loop's breaks skip its else clause, so its exit does not
dominate the code after it; that code is still past the nested loop, and
its `POP_TOP; jump` is the break of the loop around."""


def terminates(prodnames, terminates):
    while True:
        some_change = False
        for n, pl in prodnames.items():
            for p in pl:
                for s in p.prod:
                    if not terminates[s]:
                        p_terminates = False
                        break
                else:
                    p_terminates = True
                if p_terminates:
                    if not terminates[n]:
                        terminates[n] = True
                        some_change = True
                    break
        if not some_change:
            break
    return terminates
