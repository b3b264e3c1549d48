"""Loops that never get back to their header, or leave only through an
except clause.

`while True: try: ... except E: break` inside an if/elif: along normal edges
the loop never ends, so the if's branches seemed to meet at the elif test and
the code after the whole statement was pulled into the loop body, which then
never ended (_osx_support.compiler_fixup on 3.8/3.9/3.12/3.13;
ElementPath.iterfind's `while 1:` in an except clause likewise). A for loop
whose body always returns has no back edge at all (mailbox.Mailbox.popitem:
"FOR_ITER outside a recognised loop")."""


def strip_flags(items, strip, flags):
    if strip or "X" in flags:
        while True:
            try:
                index = items.index("-arch")
                del items[index : index + 2]
            except ValueError:
                break
    elif not flags:
        for idx in reversed(range(len(items))):
            if items[idx] == "-arch":
                del items[idx : idx + 2]
    if "X" in flags and not strip:
        items = items + flags["X"].split()
    return items


def first_pair(mapping):
    for key in mapping:
        return (key, mapping[key])
    raise KeyError("empty")


def read_lines(source, sink):
    more = 0
    while 1:
        try:
            try:
                line = source.pop()
            except IndexError:
                sink.append("eof")
                break
            else:
                more = more + len(line)
                if line == "ki":
                    raise KeyboardInterrupt
        except KeyboardInterrupt:
            sink.append("interrupted")
    return more, sink


def run_cases(ns):
    results = []
    for strip in (False, True):
        for flags in ({}, {"X": "-a -b"}, {"Y": 1}):
            results.append(ns["strip_flags"](["-arch", "x86", "c", "-arch", "arm"], strip, flags))
    results.append(ns["first_pair"]({"a": 1}))
    try:
        ns["first_pair"]({})
    except KeyError as e:
        results.append(repr(e))
    results.append(ns["read_lines"](["a", "ki", "bcd"], []))
    results.append(ns["read_lines"]([], []))
    return results
