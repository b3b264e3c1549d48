"""`while True:` in a function whose co_consts[0] is a small int.

3.14+ load small ints with LOAD_SMALL_INT and drop their constants but for
co_consts[0], which is always kept: a 1 there, loaded by nothing but
LOAD_SMALL_INT, was added by that load, not by a `while 1:` (loops.cpp,
infinite_loop_test; pycparser Grammar.compute_follow, tomli
parse_inline_table)."""


def compute_follow(self, start):
    if not start:
        start = self.productions[1].name
    while True:
        added = False
        for p in self.productions[1:]:
            if p not in self.follow:
                self.follow.append(p)
                added = True
        if not added:
            break
    return self.follow


def skip_then_loop(src, pos, step):
    pos += 1
    while True:
        pos = step(src, pos, strict=True)
        if src[pos] == "}":
            return pos
        pos += 1
