# 3.10 and 3.11 fold a tuple of constants (a method's defaults, a tuple
# display) after compiling its items, which stay in co_consts unreferenced:
# a True among them is no sign of an `if __debug__:` block (boltons
# mboxutils, click core, jinja2 bccache).


class Mailbox:
    """A class body whose only True is a default's."""

    def __init__(self, path, factory=None, create=True, maxmem=1024 * 1024):
        self.path = path
        self.maxmem = maxmem

    def flush(self, sync=False):
        return sync


def choose(value):
    return value in (None, True)


FLAGS = (1, (True, "x"))
