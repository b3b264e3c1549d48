# 3.15 fold a list display of constants into a tuple in the CFG optimizer,
# reusing an equal tuple code generation added later (an import's names):
# loaded first, but at that later index, so no sign of folding. The class
# loaded after `1 << 20`, which the optimizer appended, is.
__all__ = ["dump", "dumps", "load"]

_MIN_READ_BUF_SIZE = 1 << 20


class Framer:
    pass


try:
    from json import dump, dumps, load
except ImportError:
    pass


def _main(args=None):
    return args
