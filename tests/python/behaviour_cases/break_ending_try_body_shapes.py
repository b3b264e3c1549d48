"""`break` as the last statement of a try body in a while loop whose except
clause goes back to the loop (unittest.loader TestLoader.loadTestsFromName).
3.10+ jump from the clause to the while test repeated at the end of the
body, and the break falls straight into the code after the loop (3.12+) or
runs its own copy of it (3.10+): read with the break after the try, the
clause left the loop too. In an if with an else branch (3.10/3.11), the
else branch was read as code after the if, which the clause then ran.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def break_falls_into_code_after_loop(parts, module, g):
    if module is None:
        copy = parts[:]
        while copy:
            try:
                module = g(copy)
                break
            except ImportError:
                n = copy.pop()
                if not copy:
                    return n
        parts = parts[1:]
    obj = module
    for part in parts:
        obj = (obj, part)
    return obj


def break_runs_copy_of_return(parts, g):
    while parts:
        try:
            g(parts)
            break
        except ImportError:
            parts.pop()
    return parts


def break_in_if_with_else(parts, g, k, c):
    while parts:
        if c:
            try:
                g(parts)
                break
            except ImportError:
                parts.pop()
        else:
            k(parts)
    return parts


def run_cases(ns):
    results = []
    for fail_times in (0, 1, 2, 5):
        for name in ("break_falls_into_code_after_loop", "break_runs_copy_of_return", "break_in_if_with_else"):
            calls = []

            def g(value, fails=[fail_times]):
                calls.append(list(value))
                if fails[0] > 0:
                    fails[0] -= 1
                    raise ImportError
                return "module"

            def k(value):
                calls.append("k")
                value.pop()

            parts = ["a", "b", "c", "d"]
            try:
                if name == "break_falls_into_code_after_loop":
                    result = ns[name](parts, None, g)
                elif name == "break_runs_copy_of_return":
                    result = ns[name](parts, g)
                else:
                    result = (ns[name](list(parts), g, k, True), ns[name](list(parts), g, k, False))
            except Exception as e:  # noqa: BLE001
                result = type(e).__name__
            results.append((name, fail_times, result, calls))
    return results
