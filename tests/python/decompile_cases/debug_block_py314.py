# 3.14+ add the True of `if __debug__:` to co_consts again, unreferenced,
# and leave a NOP of the `if __debug__:` line before the block.


def matched(self, cre, s):
    self.mo = cre.match(s)
    if __debug__:
        if self.mo is not None and self.debug >= 5:
            self._mesg("matched %r" % (cre.pattern,))
    return self.mo is not None
