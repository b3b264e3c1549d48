# A try/finally whose body returns a computed value inside a for loop and
# after it: each return runs its own copy of the finally body after its value
# is on the stack, so neither is a copy of code after the try.


class CommentFinder:
    def __init__(self, tokens):
        self.tokens = tokens
        self.offset = 0

    def find_backwards(self, offset):
        try:
            for _, kind, value in reversed(self.tokens[self.offset : offset]):
                if kind in ("comment", "linecomment"):
                    try:
                        prefix, comment = value.split(None, 1)
                    except ValueError:
                        continue
                    if prefix == "#":
                        return [comment.rstrip()]
            return []
        finally:
            self.offset = offset


def first_true(items, log):
    try:
        for item in items:
            if item:
                return item
        return items
    finally:
        log.append(1)
