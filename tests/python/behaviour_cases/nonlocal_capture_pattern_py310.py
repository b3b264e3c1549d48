"""Capture patterns storing a variable the function declared `nonlocal`
(3.10+: the pattern reader consumes the STORE_DEREF, so the simulation
never saw the store): the declaration must stay, or the guard's read of the
name raises UnboundLocalError and the enclosing variable keeps its value
(the difftest's nested_def_match_then_await_call lost an await that way)."""


def sequence_capture(subject):
    x = 0

    def h():
        nonlocal x
        match subject:
            case [_, _, *_] if x:
                return "guarded"
            case [y, x]:
                return y

    return h(), x


def plain_capture(subject):
    x = "unset"

    def h():
        nonlocal x
        match subject:
            case int(x) if x > 2:
                return "big"
            case x:
                return "other"

    return h(), x


async def h1_then_await(a, log):
    x = 0

    def h1(p1):
        nonlocal x
        match a:
            case [_, _, *_] if x:
                pass
            case [y, x]:
                pass

    async def aw(v):
        log.append(("await", v))
        return v

    try:
        h1(4)(await aw(x), 0)
    except TypeError:
        log.append(x)


def drive(coroutine):
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value


def run_cases(ns):
    results = []
    for subject in ([1, 2], [1, 2, 3], 5, 1, "ab"):
        results.append(ns["sequence_capture"](subject))
        results.append(ns["plain_capture"](subject))
        log = []
        try:
            drive(ns["h1_then_await"](subject, log))
        except Exception as e:
            log.append(type(e).__name__)
        results.append(log)
    return results
