"""A finally body none of whose paths ends: every path raises, so the
handler's copy has no closing re-raise and the try statement never falls
through. (3.9/3.10 compile these differently: not read yet.)"""


def finally_raises(self):
    try:
        self.run()
    finally:
        raise ValueError


def finally_raises_in_each_branch(self):
    try:
        self.run()
    finally:
        if self.strict:
            raise ValueError
        else:
            raise KeyError
