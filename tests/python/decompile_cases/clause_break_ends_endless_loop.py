# An endless loop left only by `break` in except clauses: 3.12+ inline the
# short code after the loop right after each clause's POP_EXCEPT.


def one_break(src, pos, step):
    while True:
        try:
            char = src[pos]
        except IndexError:
            break
        if char == "\n":
            pos += 1
            continue
        pos = step(pos)
    return pos.real


def two_breaks(src, pos, out, step):
    while True:
        try:
            char = src[pos]
        except IndexError:
            break
        pos = step(src, pos, char)
        try:
            char = src[pos]
        except IndexError:
            break
        if char != "\n":
            raise ValueError(pos)
        pos += 1
    return out.data.dict
