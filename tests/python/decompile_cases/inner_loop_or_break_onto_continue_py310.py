"""re._parser._parse's comment skipping: an inner loop left by `if a or b:
break`, then a `continue` of the outer loop inside an if statement.

(3.10+: 3.8/3.9 thread both tests of the break's condition to the outer
header, which the walk reads back as nested ifs, the same behaviour but not
the same jumps.)"""


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
