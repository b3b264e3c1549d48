"""An if whose branch falls off the end of the function (3.10+: through
its own copy of the implicit return), followed by more code: that code is
the if's else/elif clause and must not run after the branch."""


def classify(log, message):
    if isinstance(message, dict):
        log.append("dict")
        if "x" in message:
            log.append("has x")
    elif isinstance(message, bytes):
        log.append("bytes")
    elif message is None:
        log.append("none")
    else:
        raise TypeError(type(message).__name__)


def convert(log, message, flags):
    if isinstance(message, int):
        log.append("int")
    elif isinstance(message, str):
        if "S" not in flags:
            log.append("unseen")
        if "F" in flags:
            log.append("flagged")
    elif isinstance(message, bytes):
        pass
    else:
        raise TypeError("cannot convert")
    log.append("after the chain")


def search(log, items, forwards, match_prefix):
    index = 0
    while True:
        out_of_bounds = index >= len(items) - 1 if forwards else index == 0
        if out_of_bounds:
            if forwards and not match_prefix:
                log.append("reset")
            else:
                log.append("not found")
            return
        index += 1 if forwards else -1
        if not match_prefix:
            log.append(items[index])
            return
        log.append("skip")


def drain(log, lines):
    """Doc."""
    while 1:
        if not lines:
            log.append("empty")
            break
        line = lines.pop(0)
        if line == "--":
            break
        log.append(line)


def run_cases(ns):
    results = []
    for message in ({}, {"x": 1}, b"b", None, 1.5):
        log = []
        try:
            ns["classify"](log, message)
        except TypeError as e:
            log.append(str(e))
        results.append(log)
    for message in (1, "s", b"b", 2.5):
        for flags in ("", "S", "F", "SF"):
            log = []
            try:
                ns["convert"](log, message, flags)
            except TypeError as e:
                log.append(str(e))
            results.append(log)
    for items in ([], [1], [1, 2, 3]):
        for forwards in (True, False):
            for match_prefix in (True, False):
                log = []
                ns["search"](log, items, forwards, match_prefix)
                results.append(log)
    for lines in ([], ["a"], ["a", "--", "b"], ["--"]):
        log = []
        ns["drain"](log, list(lines))
        results.append(log)
    return results
