"""`while z: assert 1 <= x != b, b` ending an outer loop's body (difftest
finding while_assert_chained_compare, 3.8, 3.9): the inner loop's test
leaves straight to the outer loop's header, and the chained comparison's
jumps to the assert's raise, outside the inner loop, were taken for
breaks. The raise was read after the inner loop, so it ran when the inner
loop ended normally too; now the loop gets `else: continue`.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def inner_while_assert(x, b, z, log):
    w0 = 0
    while w0 < 3:
        w0 += 1
        while z:
            log.append(w0)
            z -= 1
            assert 1 <= x != b, b
    log.append("after")
    return w0


def inner_while_break_then_raise(x, b, z, log):
    w0 = 0
    while w0 < 3:
        w0 += 1
        while z:
            z -= 1
            if not 1 <= x != b:
                break
        else:
            continue
        raise KeyError(b)
    log.append("after")


def run_cases(ns):
    results = []
    for name in ("inner_while_assert", "inner_while_break_then_raise"):
        for x in (0, 1, 2):
            for b in (1, 2):
                for z in (0, 2):
                    log = []
                    try:
                        result = ns[name](x, b, z, log)
                    except Exception as e:  # noqa: BLE001
                        result = type(e).__name__
                    results.append((name, x, b, z, result, log))
    return results
