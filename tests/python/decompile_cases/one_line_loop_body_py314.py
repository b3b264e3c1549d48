"""`for x in y: statement` on one line (3.14+).

The loop's STORE_FAST of its target and the body's first LOAD_FAST fuse
into STORE_FAST_LOAD_FAST when both stand on one line, and that load is
never borrowed; on two lines it is LOAD_FAST_BORROW."""


def count(items):
    i = 0
    for item in items: i = i + 1
    return i


def collect(items):
    r = []
    for item in items: r.append(repr(item))
    return ", ".join(r)


def body_on_its_own_line(items):
    i = 0
    for item in items:
        i = i + 1
    return i
