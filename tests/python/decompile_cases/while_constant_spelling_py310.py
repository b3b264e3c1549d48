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


# Both 1 and True loaded elsewhere: a 1 placed before a constant that the
# body loads ahead of it was added by the `while 1:` test.
def one_before_body_constants(self, limit):
    flag = True
    n = 0
    while 1:
        line = self.read(65536)
        n += len(line)
        if not line:
            self.done = -1
            break
        if n > limit:
            self.done = 1
            break
        flag = line.endswith(b'\n')
    return flag


def true_with_one_in_body(self, limit):
    flag = True
    n = 0
    while True:
        line = self.read(65536)
        n += len(line)
        if n > limit:
            self.done = 1
            break
        flag = line.endswith(b'\n')
    return flag
