"""If/elif chains whose later branches leave while the first runs on: the
code after the chain must run after the first branch only, and an endless
loop around it must keep going (not end at the first leaving branch)."""


def digits(ext, errors):
    pos = 0
    result = 0
    while 1:
        try:
            c = ord(ext[pos])
        except IndexError:
            return "short", result
        pos += 1
        if 48 <= c <= 57:
            d = c - 48
        elif 97 <= c <= 102:
            d = c - 87
        elif errors == "strict":
            raise ValueError("bad %r" % ext[pos - 1])
        else:
            return "stop", result
        result = result * 16 + d
        if result > 1000:
            return "big", result


def pick(c, e):
    if c == 1:
        d = 65
    elif e:
        raise KeyError(c)
    else:
        return None
    return d + 1


def run_cases(ns):
    out = []
    for args in [("12", "strict"), ("1f", "x"), ("1z", "x"), ("ffff", "x"), ("1z", "strict")]:
        try:
            out.append(ns["digits"](*args))
        except ValueError as error:
            out.append(("raised", str(error)))
    for args in [(1, 0), (2, 0), (2, 1)]:
        try:
            out.append(ns["pick"](*args))
        except KeyError as error:
            out.append(("raised", str(error)))
    return out
