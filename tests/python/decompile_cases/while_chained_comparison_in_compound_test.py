"""A while test of several operands, one a chained comparison:
`while a <= s[i] <= b or c(i):`. 3.10+ repeat the test at the latch, jump
for jump; the chain's jump past its cleanup (`JUMP_FORWARD` to the next
operand) was not matched there, so the loop came out as an if around two
copies of it. (`while c(i) or a <= s[i] <= b:`, the chain last, is
still refused on 3.10/3.12/3.13 and unequal on 3.11.) Valid Python 3.8 syntax; names need not exist."""


def chain_then_or(s, a, b):
    i = 0
    while a <= s[i] <= b or c(i):
        i += 1
    return i


def chain_then_and(s, a, b):
    i = 0
    while a < s[i] < b and c(i):
        i += 1
    return i
