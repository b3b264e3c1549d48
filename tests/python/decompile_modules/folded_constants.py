# Constants written as expressions. 3.14+ fold them in the CFG optimizer and
# append the results to co_consts after everything else; the output must
# write expressions that fold again (older versions fold in the AST and need
# nothing).
SIZE = 1024 * 256
HIGH_WATER = 256
LOW_WATER = 512
ONE_THIRD = 1.0 / 3.0
TWO_THIRD = 2.0 / 3.0
MASK = (1 << 40) - 3
SEPARATOR = "-" * 70
JOINED = "abc" + "def"
RAW = b"\x00" * 16
NEGATIVE = -5000


def after():
    return SIZE, ONE_THIRD


# Past 18 digits once folded, loaded first in a condition, the constants
# of its branch added before it.
if MASK == 2**63 - 1:
    BIG = 999999999999999999
    BIGGER = 999999999999999999
else:
    BIG = 425000000
