"""`if c: return CONSTANT` inside a try body, the try falling through.

The compiler ends the protection before loading a returned constant, so the
walk of the branch stopped before its `return 2`; 3.11+ then took that
return for the try's else clause (`if c: pass` + `else: return 2`: the
function returned 2 when c was false), and 3.8-3.10 failed with "code that
the structuring did not reach" (re._parser._escape)."""


def escape_kind(source, c):
    try:
        if c == "x":
            return 1
        elif c == "N" and source:
            return 2
    except ValueError:
        pass
    return source or "bad"


def checked(c):
    try:
        if int(c) > 3:
            return "big"
    except ValueError:
        pass
    return "small"


def run_cases(ns):
    results = [ns["escape_kind"](s, c) for s in ("", "src") for c in ("x", "N", "q")]
    results += [ns["checked"](c) for c in ("1", "5", "z")]
    return results
