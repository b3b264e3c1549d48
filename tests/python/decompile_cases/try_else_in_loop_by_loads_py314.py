"""A try statement in a loop whose except clause goes back to the header.

The code the try body falls into is the try's else clause or the code after
the try (the clause then ending in `continue`); 3.14 borrow loads in the
first and not in the second (code_after_try_loads.cpp)."""


def else_clause_ends_loop_body(items, g, h):
    for x in items:
        try:
            g(x)
        except ValueError:
            h(1)
        else:
            h(x)


def continue_clause_then_code(items, g, h):
    for x in items:
        try:
            g(x)
        except ValueError:
            h(1)
            continue
        h(x)


def counting_else_clause(types, header):
    n = 0
    for col, kind in types.items():
        if isinstance(kind, int):
            n += 1
        else:
            try:
                kind(header[col])
            except (ValueError, TypeError):
                n += 1
            else:
                n -= 1
    return n > 0


def join_after_try_reached_from_if(args, g, h):
    for name in args:
        if name == "-":
            fp = g
        else:
            try:
                fp = open(name)
            except OSError:
                h(name)
                continue
        h(fp)


def else_clause_break(lines, g):
    it = iter(lines)
    for line in it:
        if line.startswith(b"begin "):
            try:
                int(line[6:], base=8)
            except ValueError:
                continue
            else:
                break
    else:
        raise ValueError("no begin")
    for line in it:
        g(line)


def break_after_try(lines, g):
    it = iter(lines)
    for line in it:
        try:
            int(line, base=8)
        except ValueError:
            continue
        break
    return g(it)
