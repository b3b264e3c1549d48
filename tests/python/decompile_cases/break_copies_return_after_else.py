# A for loop with an else clause whose breaks each run a copy of the short
# code after the statement (`return tz`), where that code is also reached
# from around the loop or is copied inside the else clause too: the copy
# loads after popping the iterator, as no `return tz` in the body does, and
# the original is the last copy. (dateutil tz gettz's nocache has this shape.)


def break_in_try_around_if(name, files, load):
    tz = None
    if name is None or name in ("", ":"):
        for filepath in files:
            if filepath:
                try:
                    tz = load(filepath)
                    break
                except (IOError, ValueError):
                    pass
        else:
            tz = load(None)
    return tz


def else_clause_with_copy(name, tz, f):
    if name:
        for c in name:
            if c:
                break
        else:
            if name in ("GMT",):
                tz = 1
            elif name in "x":
                tz = f()
    return tz


def break_after_try(name, tz, f):
    if not tz:
        for c in name:
            if c in "0123456789":
                try:
                    tz = f(name)
                except ValueError:
                    pass
                break
        else:
            if name in ("GMT", "UTC"):
                tz = 1
            elif name in "x":
                tz = f()
    return tz
