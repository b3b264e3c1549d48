"""3.12+ copy a short block ending the function (`self.x = v` and the
implicit return) into each branch of the if before it: the copies are one
statement after the if where the later branches met their names and
constants before the copied statement did."""


def elif_then_store(self, commands):
    if commands is None:
        commands = {}
    elif isinstance(commands, list):
        commands = dict(commands)
    self.commands = commands


def if_else_then_store(self, maxlen):
    if maxlen is None:
        self._cache = []
    else:
        self._cache = deque([], maxlen)
    self._index = None


def nested_ifs_then_store(self, exprs):
    if exprs:
        self.empty = all(exprs)
        if not isinstance(exprs[0], White):
            self.skip = exprs[0].skip
        else:
            self.skip = False
    else:
        self.empty = True
    self.prepare = True


def chain_with_raise_then_store(limit, force):
    if limit is None:
        Element.memos = Unbounded()
    elif limit > 0:
        Element.memos = Limited(capacity=limit)
    else:
        raise NotImplementedError(limit)
    Element.enabled = True


def copies_written_in_each_branch(self, key, item):
    if key is None:
        self.key = self.default
        self.item = item
    else:
        self.key = key
        self.item = item
