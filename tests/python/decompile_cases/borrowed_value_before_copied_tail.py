# A conditional expression whose branches end alike (`.x` of another
# object) feeding a short tail that 3.10+ copy into both branches: the
# attribute could belong to the tail, `(a if c else b).x`, or to each
# branch. 3.14+ say which: a borrowed load (LOAD_FAST_BORROW) feeds a
# consumer in its own block, so the attribute is the branch's.
# (dateutil relativedelta.__add__ has this shape.)


def last_field(self, other):
    return self.make(year=other.year, microsecond=(other.microsecond if other.microsecond is not None else
                                                   self.microsecond))


def attribute_of_either(self, other, flag):
    return self.make(other.x if flag else self.x)


def attribute_of_choice(self, other, flag):
    return self.make((other if flag else self).x)
