"""An inner loop whose break goes on to a `continue` of the outer loop that
does not end the outer body (code follows the if statement around it).

3.14+ thread the break's conditional jump straight onto that continue's
jump back (re._parser._parse, where it walked the outer body again without end)."""


def break_onto_continue():
    while True:
        if v:
            if a:
                continue
            if b:
                while True:
                    c = h()
                    if c:
                        break
                continue
        g()


def skip_comment(source, verbose, sourceget):
    while True:
        this = source.next
        if this is None:
            break
        if verbose:
            if this in " \t":
                continue
            if this == "#":
                while True:
                    this = sourceget()
                    if this is None or this == "\n":
                        break
                continue
        source.append(this)
    return source
