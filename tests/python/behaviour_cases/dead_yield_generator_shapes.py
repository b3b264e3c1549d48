"""Generators whose every yield is dead code must stay generators.

An async generator whose yields were all dead (`return` then `yield`) got
no `if False: yield`, which the decompiler adds only to plain generators:
written `async def f(): return` it became a coroutine. And 3.11 keep the
yield of a dead except clause in the bytecode (`with c: return` then `try:
break except E: yield`): the instructions had a yield, so none was added,
while the source written had none and made a plain function.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


async def async_generator_all_dead():
    return
    yield 1


class _Quiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def yield_in_dead_clause(log):
    for j in range(3):
        with _Quiet():
            log.append(j)
            return
        try:
            break
        except KeyError:
            yield 1


def run_cases(ns):
    import inspect

    log = []
    gen = ns["yield_in_dead_clause"](log)
    kinds = [inspect.isasyncgenfunction(ns["async_generator_all_dead"]),
             inspect.isgeneratorfunction(ns["yield_in_dead_clause"])]
    return [kinds, list(gen) if inspect.isgenerator(gen) else gen, log]
