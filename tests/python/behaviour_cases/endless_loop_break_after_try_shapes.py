"""`while True:` loops left by a final `break` that the compiler turns into
falling out of the loop's last test.

A `break` after a try/finally in the body (multiprocessing.shared_memory's
reservation loop) once read as a break inside the try body plus the rest of
the try body after the loop: the finally body then ran twice. The loop whose
break ends an if statement's branch (inspect.get_annotations' unwrapping
loop) must leave the code after the loop outside it, once.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def reserve(name, exists, log):
    while True:
        temp = log.make() if name is None else name
        handle = log.open(temp)
        try:
            if exists(temp):
                if name is not None:
                    raise FileExistsError(temp)
                else:
                    continue
            log.map(temp)
        finally:
            log.close(handle)
        log.named(temp)
        break
    return log.events


def unwrap_all(unwrap, found, chosen):
    if unwrap is not None:
        while True:
            if hasattr(unwrap, "wrapped"):
                unwrap = unwrap.wrapped
                continue
            if isinstance(unwrap, list):
                unwrap = unwrap[0]
                continue
            break
        if hasattr(unwrap, "found"):
            found = unwrap.found
    if chosen is None:
        chosen = found
    return unwrap, found, chosen


class _Log:
    def __init__(self):
        self.events = []
        self.count = 0

    def make(self):
        self.count += 1
        return "n%d" % self.count

    def open(self, name):
        self.events.append(("open", name))
        return name

    def map(self, name):
        self.events.append(("map", name))

    def close(self, handle):
        self.events.append(("close", handle))

    def named(self, name):
        self.events.append(("named", name))


class _Wrapped:
    def __init__(self, inner):
        self.wrapped = inner


class _Found:
    found = "here"


def run_cases(ns):
    results = []
    for name in (None, "given"):
        for taken in (0, 1, 2):
            log = _Log()
            seen = []

            def exists(temp, seen=seen, taken=taken):
                seen.append(temp)
                return len(seen) <= taken

            try:
                results.append(("reserve", name, taken, ns["reserve"](name, exists, log)))
            except Exception as e:  # the exception is part of the behaviour
                results.append(("reserve", name, taken, type(e).__name__, log.events))
    for unwrap in (None, 3, _Found(), _Wrapped(_Found()), [_Wrapped([_Found()])], _Wrapped([5])):
        for chosen in (None, "mine"):
            value = ns["unwrap_all"](unwrap, "default", chosen)
            results.append(("unwrap_all", type(value[0]).__name__, value[1], value[2]))
    return results
