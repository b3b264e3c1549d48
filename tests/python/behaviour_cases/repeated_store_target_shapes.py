"""`y, y = held, call()`: 3.13+ keep `held` on the stack while the call
runs and drop it after the store. Session 23: the decompiled function
evaluated `held` after the call, so with `held` unbound the call ran
before the UnboundLocalError, and a property's code ran after the call.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def unbound_first(log):
    z = 0
    del z
    y, y = z, log("call")
    return y


def property_first(obj, log):
    y, y = obj.value, log("call")
    return y


def run_cases(ns):
    log = []

    def record(what):
        log.append(what)
        return what

    class Watched:
        @property
        def value(self):
            log.append("property")
            return 1

    results = []
    try:
        ns["unbound_first"](record)
    except UnboundLocalError as error:
        results.append(type(error).__name__)
    results.append(list(log))
    results.append(ns["property_first"](Watched(), record))
    results.append(list(log))
    return results
