# `break` out of a while loop from inside `except E as name:`, the loop's
# follow a short `return x`: the break runs its own copy of that return,
# after the clause's unwinding (a written `return x` loads x before it).
def readlink_deep(path, readlink, isabs, islink, allowed, ignored_error=OSError):
    seen = set()
    while path not in seen:
        seen.add(path)
        try:
            old_path = path
            path = readlink(path)
            if not isabs(path):
                if not islink(old_path):
                    path = old_path
                    break
                path = old_path + path
        except ignored_error as ex:
            if ex.winerror in allowed:
                break
            raise
        except ValueError:
            break
    return path
