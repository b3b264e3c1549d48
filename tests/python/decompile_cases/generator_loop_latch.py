# A generator's wrapper handler covers its whole body, so a written
# `continue` is in the exception table while the late JUMP_BACKWARD of a
# split backward conditional jump (3.12+: `if c: break` or `if c: raise`
# ending a loop body) is not.


def findfiles(folder, pattern, recursive):
    for dirpath, _, filenames in walk(folder):
        yield from (join(dirpath, name) for name in filenames)
        if not recursive:
            break


def gen_if_raise_ends_loop(items, table):
    for item in items:
        yield item
        if table[item] is None:
            raise ValueError(item)


def gen_written_continue(items, table):
    for item in items:
        yield item
        if table[item] is not None:
            continue
        raise ValueError(item)
