# 3.14+ fold constants in the CFG optimizer and drop the operands they used
# up, all but co_consts[0] (kept in case it is a docstring). Where the first
# constant a function meets is such an operand, the folded value must be
# written as an expression led by it again.


def shifted_mask(mac):
    return not mac & (1 << 41)


def shifted_limits(count):
    if count < 1 << 8:
        return 1
    if count < 1 << 16:
        return 2
    return 8


def wide_shift(bigint):
    rest, position = divmod(bigint, 1 << 64)
    return rest, position


def high_bits(value):
    if not value & (0x8000 << 48):
        return 0
    return value & (0x4000 << 48)


def power_in_generator(state):
    return tuple(x % 2**32 for x in state)


def halves(t):
    cdf = lambda t: 1 / 2 * t + 1 / 2
    return cdf(t)


def small_int_first(x):
    y = 5
    return x * 2.5 + y


def negative_half(t):
    pdf = lambda t: -1 / 2 * t * t
    return pdf(t)


def folded_display(t):
    cdf = lambda t: sum((-1 / 4, 3 / 4, 1 / 2), (t**3, t, 1.0))
    return cdf(t)


def negated_kept_operand(x):
    # co_consts (1, True, ('dim', 'keepdim'), -1): -1 is led by the 1 it
    # negates, which its literal adds already (no `-1 * 1` needed).
    shifted = x - x.max(dim=-1, keepdim=True).values
    return shifted.exp() / shifted.exp().sum(dim=-1, keepdim=True)
