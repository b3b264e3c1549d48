"""Module and class bodies cannot return, but 3.10+ copy their exit (the
implicit `return None`; a class with a cell's `return __class__`, after
3.13's `__static_attributes__` store) into the branches and loops that reach
it. Each copy must go: a class ending in if/else (3.10+ test_socket's
InterruptedTimeoutBase) must not print `return`, and a loop's copy is a
`break` that skips the statements after the loop, which are its else clause
(a for-else ending a module or class)."""
import os


class EndsInIfElse:
    def f(self):
        return super().f()

    if os.name:
        x = 1

        def g(self):
            pass
    else:
        x = 2


class EndsInIf:
    def f(self):
        return __class__

    if os.name:
        x = 1


class EndsInTry:
    def f(self):
        return __class__

    try:
        import zz
    except ImportError:
        zz = None


class EndsInForElse:
    def f(self):
        return __class__

    for i in os.name:
        if i:
            break
    else:
        y = 1


class EndsInWhileBreak:
    def f(self):
        return __class__

    while os.name:
        if os.sep:
            break


class EndsInElif:
    def f(self):
        return __class__

    if os.name:
        x = 1
    elif os.sep:
        x = 2
    else:
        x = 3


class WithoutCell:
    self_x = 1
    if os.name:
        x = 1
    else:
        x = 2


class WithoutCellForElse:
    for i in os.name:
        if i:
            break
    else:
        y = 1


if os.name:
    while os.sep:
        if os.x():
            break
        os.y()
    else:
        y = 1
        z = 2
else:
    for i in os.name:
        if i:
            break
    else:
        y = 3
