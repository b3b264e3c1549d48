def break_then_fall_off(items, seen):
    it = iter(items)
    while True:
        try:
            r = next(it)
            if r is None:
                break
            seen.append(10 // r)
        except (StopIteration, ZeroDivisionError):
            break
        finally:
            seen.append("f")
    return seen


def break_then_fall_off_pass_clause(items, seen):
    while items:
        try:
            r = items.pop()
            if r is None:
                break
            seen.append(10 // r)
        except ZeroDivisionError:
            pass
    return seen


def run_cases(ns):
    results = []
    for name in ("break_then_fall_off", "break_then_fall_off_pass_clause"):
        for items in ([1, 5, None, 7], [2, 0, 3], [], [4, 2]):
            seen = []
            ns[name](list(items), seen)
            results.append((name, seen))
    return results
