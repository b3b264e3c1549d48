# 3.14+ module annotations in code the optimizer drops: `if False:` keeps
# the annotation's entry (and its index) in __annotate__ but no code marks
# it, and the names the dead imports would bind stay in co_names.
import os

COLORIZE = True

if False:
    from typing import IO, Self
    _theme: Theme
    _other: int

count: int = 3


class ANSIColors:
    RESET = "\x1b[0m"
    width: int = 2


def set_theme(t):
    global _theme
    _theme = t


# (3.14 keep the dropped test's False in co_consts, first met there.)
DISABLED = False
