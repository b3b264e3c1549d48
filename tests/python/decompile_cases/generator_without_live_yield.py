"""Generators whose only yield is dead code after a return.

`return` + `yield` marks an empty generator (pycparser's c_ast node
`__iter__`). 3.14+ keep the False of an `if False: yield` marker among the
constants, so the decompiler writes the yield after a return instead."""


class Break:
    def __iter__(self):
        return
        yield


def maybe_one(item):
    if item is None:
        return
    return
    yield


def after_work(log):
    log.append(1)
    return
    yield
