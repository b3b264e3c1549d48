"""Run generated functions and record everything they do that a caller could observe.

Runs inside each reference interpreter (3.8-3.15), so it stays Python 3.8
compatible. A program is module source defining functions `f0`, `f1`, ...
with parameters `(a, b, c)` (ints a, b; list c). Before each call the
module is executed afresh in a namespace holding the helpers below, so no
state leaks from one call into the next; the call's record is:

- the outcome: the returned value, or the raised exception with its args,
  its `__cause__`/`__context__` chain and `__suppress_context__`;
- the event log: calls of the helpers in the order made, with their
  arguments (`t`, `chk`, `boom`, context-manager enters and exits with the
  exception they saw, awaits, async iteration) and `sys.exc_info()` where
  the program calls `snap`;
- what it printed (`out` prints);
- the state it could change: globals g0/g1, the shared object `o`, the
  dict `d`, the list argument `c` after the call.

Values are described structurally (`describe`): no addresses, so two runs of
equally behaving code give equal records.
"""

import io
import signal
import sys
import types

MAX_DEPTH = 6


class CallTimeout(BaseException):
    """Raised by the interval timer inside a call that runs too long (a hang)."""


def describe(value, depth=0):
    """A JSON-able description of `value` that two equal behaviours share exactly."""
    if depth > MAX_DEPTH:
        return "..."
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**60:
        # Too big for JSON from 3.11 (the int-to-str limit): its size and a residue tell it apart.
        return ["int", value.bit_length(), value % 1000003]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return [type(value).__name__] + [describe(item, depth + 1) for item in value]
    if isinstance(value, (set, frozenset)):
        return [type(value).__name__] + sorted((describe(item, depth + 1) for item in value), key=repr)
    if isinstance(value, dict):
        return ["dict"] + [[describe(k, depth + 1), describe(v, depth + 1)] for k, v in value.items()]
    if isinstance(value, BaseException):
        return describe_exception(value, depth + 1)
    if isinstance(value, types.CoroutineType):
        value.close()  # never awaited: closing it keeps "never awaited" warnings out of the output
        return "<coroutine %s>" % value.__qualname__.rsplit(".", 1)[-1]
    if isinstance(value, types.FunctionType):
        return "<function %s>" % value.__name__
    if isinstance(value, Obj):
        return ["Obj", describe(sorted(vars(value).items()), depth + 1)]
    return "<%s>" % type(value).__name__


def describe_exception(error, depth=0):
    if error is None:
        return None
    if depth > MAX_DEPTH:
        return "..."
    record = {"type": type(error).__name__, "args": describe(error.args, depth + 1)}
    if error.__cause__ is not None:
        record["cause"] = describe_exception(error.__cause__, depth + 1)
    if error.__context__ is not None:
        record["context"] = describe_exception(error.__context__, depth + 1)
    if error.__suppress_context__:
        record["suppress_context"] = True
    return record


class E1(Exception):
    pass


class E2(Exception):
    pass


class E3(E1):
    pass


class Obj(object):
    def __init__(self):
        self.v = 1
        self.w = 2


class Recorder(object):
    """The helpers a program calls; each logs what it was given."""

    def __init__(self):
        self.log = []

    def t(self, value):
        self.log.append(["t", describe(value)])
        return value

    def chk(self, value):
        self.log.append(["chk", describe(value)])
        return value

    def boom(self, value):
        # Raises for some inputs only, so both the normal and the exceptional path run.
        self.log.append(["boom", describe(value)])
        if isinstance(value, int) and value % 3 == 0:
            raise E1(value)
        return value

    def snap(self, label):
        self.log.append(["exc_info", label, describe_exception(sys.exc_info()[1])])

    def out(self, *values):
        print(*[describe(v) for v in values])


def make_context_managers(recorder):
    class CM(object):
        """`with CM(k)` enters k; `CM(k, True)` suppresses what its body raises."""

        def __init__(self, key, suppress=False):
            self.key, self.suppress = key, suppress

        def __enter__(self):
            recorder.log.append(["enter", describe(self.key)])
            return self.key

        def __exit__(self, kind, error, traceback):
            recorder.log.append(["exit", describe(self.key), describe_exception(error)])
            return self.suppress

    class ACM(CM):
        async def __aenter__(self):
            return self.__enter__()

        async def __aexit__(self, kind, error, traceback):
            return self.__exit__(kind, error, traceback)

    class AIter(object):
        def __init__(self, items):
            self.items = list(items)

        def __aiter__(self):
            return self

        async def __anext__(self):
            recorder.log.append(["anext", len(self.items)])
            if not self.items:
                raise StopAsyncIteration
            return self.items.pop(0)

    async def aw(value):
        recorder.log.append(["await", describe(value)])
        return value

    return CM, ACM, AIter, aw


def fresh_namespace(recorder):
    cm, acm, aiter, aw = make_context_managers(recorder)
    return {
        "__name__": "program",
        "t": recorder.t,
        "chk": recorder.chk,
        "boom": recorder.boom,
        "snap": recorder.snap,
        "out": recorder.out,
        "CM": cm,
        "ACM": acm,
        "AIter": aiter,
        "aw": aw,
        "E1": E1,
        "E2": E2,
        "E3": E3,
        "o": Obj(),
        "d": {"k": 1, "j": 2},
        "g0": 0,
        "g1": 1,
    }


def run_coroutine(coroutine):
    """Drive a coroutine that never really suspends (the helpers' awaits finish at once)."""
    for _ in range(1000):
        try:
            coroutine.send(None)
        except StopIteration as stop:
            return stop.value
    coroutine.close()
    raise CallTimeout("coroutine kept suspending")


# Whether the timer fired during the current call: a generated handler may turn CallTimeout into
# another exception (`except 0:` raises TypeError), and a hang must still read as a hang.
_alarm_fired = [False]


def _on_alarm(signum, frame):
    _alarm_fired[0] = True
    raise CallTimeout("call ran too long")


def run_call(module_code, function_name, arguments, replacements=None, seconds=1.0):
    """Execute the module afresh, call one function, and return the call's record.

    `replacements` maps a function name to a code object to run instead
    (a function the decompiler refused runs as the original in the
    decompiled module).
    """
    recorder = Recorder()
    namespace = fresh_namespace(recorder)
    printed = io.StringIO()
    saved_stdout = sys.stdout
    arguments = [list(a) if isinstance(a, list) else a for a in arguments]
    record = {}
    _alarm_fired[0] = False
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    # An interval timer keeps firing: a generated `except Exception` cannot
    # catch CallTimeout, but a bare `except:` could; the next tick escapes it.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.05)
    try:
        sys.stdout = printed
        try:
            exec(module_code, namespace)
            for name, code in (replacements or {}).items():
                namespace[name] = types.FunctionType(code, namespace, name)
            function = namespace[function_name]
            result = function(*arguments)
            if isinstance(result, types.CoroutineType):
                result = run_coroutine(result)
            record["return"] = describe(result)
        except CallTimeout:
            record["timeout"] = True
        except BaseException as error:  # noqa: BLE001 - every outcome is data
            record["raise"] = describe_exception(error)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)

        signal.signal(signal.SIGALRM, previous)
        sys.stdout = saved_stdout
    if _alarm_fired[0]:
        return {"timeout": True}  # (what a hanging call logged would be as long as it ran)
    record["log"] = recorder.log
    record["printed"] = printed.getvalue()
    record["state"] = describe(
        [namespace.get("g0"), namespace.get("g1"), namespace.get("o"), namespace.get("d"), arguments]
    )
    return record
