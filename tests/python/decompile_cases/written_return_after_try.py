# A `return` written after a try statement whose except clauses all return
# or raise: only the try body reaches it. 3.10 and 3.11 copy a small exit
# block with no line of its own into the jump to it, so a jump left in
# place went to a return the source wrote (boltons fileutils.mkdir_p).


def mkdir_p(path):
    try:
        os.makedirs(path)
    except OSError as exc:
        if exc.errno == errno.EEXIST and os.path.isdir(path):
            return
        raise
    return


def context_or_none(silent):
    try:
        return _local.stack[-1]
    except (AttributeError, IndexError) as e:
        if not silent:
            raise RuntimeError("no context") from e
    return None


def clause_returns_value(path):
    try:
        g(path)
    except OSError:
        return False
    return
