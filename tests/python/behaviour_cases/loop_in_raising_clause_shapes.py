"""A loop inside an except clause that ends in a raise, inside another
loop, and `if c: raise` ending the inner loop's body (3.12+ split the
backward conditional jump into a forward one over a late JUMP_BACKWARD)."""


def check_chunks(b, d):
    out = []
    for i in range(0, len(b), 2):
        chunk = b[i:i + 2]
        acc = 0
        try:
            for c in chunk:
                acc = acc * 10 + d[c]
        except TypeError:
            for j, c in enumerate(chunk):
                if d[c] is None:
                    raise ValueError('bad %d' % (i + j)) from None
            raise
        out.append(acc)
    return out


def loop_then_raise_in_clause(b, d, seen):
    for i in b:
        try:
            seen.append(d[i])
        except KeyError:
            for c in str(i):
                seen.append(c)
            raise
    return seen


def run_cases(ns):
    results = []
    d = {'a': 1, 'b': 2, 'c': None, 'd': 'x'}
    for b in ['ab', 'abab', 'ac', 'cb', 'ad', 'da', '']:
        try:
            results.append(ns['check_chunks'](b, d))
        except Exception as e:
            results.append((type(e).__name__, str(e)))
    for b in [[1, 2], [1, 5, 2], [], [7]]:
        seen = []
        try:
            results.append(ns['loop_then_raise_in_clause'](b, {1: 'one', 2: 'two'}, seen))
        except Exception as e:
            results.append((type(e).__name__, str(e), seen))
    return results
