# `while 1:` adds 1 to co_consts where the loop starts (3.10+), before the
# constants of its body, including those of an `if c: raise` in the body,
# which lies outside the natural loop (it never gets back to the header).


def until_with_one(self, terminator, name):
    result = ''
    while 1:
        c = self.next
        if c is None:
            raise self.error('missing ' + name)
        if c == terminator:
            if not result:
                raise self.error('missing ' + name, 1)
            return result
        result += c


def until_with_true(self, terminator, name):
    result = ''
    while True:
        c = self.next
        if c is None:
            raise self.error('missing ' + name)
        if c == terminator:
            if not result:
                raise self.error('missing ' + name, 1)
            break
        result += c
    return result
