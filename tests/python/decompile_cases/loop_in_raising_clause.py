# A loop inside an except clause that ends in a raise, the try inside
# another loop: the clause never gets back to the outer loop's header, so
# its loop lies outside the outer loop, and its jump back is no break of
# the outer loop. And `if c: raise` ending that loop's body (3.12+: the
# backward conditional jump is split into a forward one over a late
# JUMP_BACKWARD the exception table leaves out, unlike a written
# `continue`).


def check_chunks(b, d):
    out = []
    for i in range(0, len(b), 5):
        chunk = b[i:i + 5]
        acc = 0
        try:
            for c in chunk:
                acc = acc * 85 + d[c]
        except TypeError:
            for j, c in enumerate(chunk):
                if d[c] is None:
                    raise ValueError('bad %d' % (i + j)) from None
            raise
        out.append(acc)
    return out


def loop_then_raise_in_clause(b, d):
    for i in b:
        try:
            acc = d[i]
        except TypeError:
            for c in i:
                g(c)
            raise


def written_continue_in_clause(chunk, d):
    try:
        acc = d[0]
    except TypeError:
        for c in chunk:
            if d[c] is not None:
                continue
            raise ValueError('bad')
        raise
    return acc
