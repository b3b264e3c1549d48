# 3.14 thread the conditional jump before a `break` through the break's jump
# and invert it over the loop's jump back: what is left of the break is the
# NOP of its line, under the handler of the try or with around the loop,
# and the jumps between are under none (protected_break_nops.cpp).


def break_ends_try_finally_body(g, h, k):
    try:
        while True:
            g()
            if h:
                break
    finally:
        k()


def break_ends_with_body(a, g, h):
    with a:
        while True:
            g()
            if h:
                break


def run_forever(self):
    self._setup()
    try:
        while True:
            self._run_once()
            if self._stopping:
                break
    finally:
        self._cleanup()
