"""≤3.9: `if c: X else: continue` in a loop, whose test jumps straight to
the loop's header (the else clause, a lone jump, left dead after X's jump
over it). X runs on to the code after the if; the else clause skips it."""


def break_or_continue(items, limit):
    out = []
    it = iter(items)
    for x in it:
        if x > 0:
            if x > limit:
                break
            else:
                continue
        out.append(x)
    return out


def call_or_continue(items):
    out = []
    for x in items:
        if x % 2:
            out.append(("odd", x))
        else:
            continue
        out.append(x)
    return out


def raise_or_continue(items):
    out = []
    for x in items:
        out.append(x)
        if x is None:
            raise ValueError(x)
        else:
            continue
    return out


def run_cases(ns):
    results = []

    def call(name, *args):
        try:
            return ns[name](*args)
        except ValueError as error:
            return ("ValueError", error.args)

    for limit in (0, 2, 5):
        results.append(call("break_or_continue", [-1, 1, -2, 3, -3, 6, -4], limit))
    results.append(call("call_or_continue", [1, 2, 3, 4]))
    results.append(call("raise_or_continue", [1, 2, 3]))
    results.append(call("raise_or_continue", [1, None, 3]))
    return results
