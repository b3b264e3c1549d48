"""Constant returns that leave a loop or an except clause: a written `return c` loads
the constant after the unwinding code, a conditional expression's arm before it."""


def for_if_returns_constants(opt, s):
    for i in range(len(s)):
        if opt == s[i]:
            if not s.startswith(':', i + 1):
                return False
            if s.startswith('::', i + 1):
                return '?'
            return True
    raise ValueError


def for_returns_nested_conditional(opt, s):
    for i in s:
        if opt:
            return False if not i else '?' if s else True
    raise ValueError


def for_if_else_returns(s):
    for i in s:
        if not i:
            return False
        return True


def for_returns_conditional(s):
    for i in s:
        return False if not i else True


def clause_if_else_returns(f, buffer):
    try:
        return f()
    except OSError as x:
        if x.args[0] == 1 and buffer:
            if buffer is not None:
                return 0
            else:
                return b''
        raise


def clause_returns_conditional(f, buffer):
    try:
        return f()
    except OSError as x:
        if x.args[0] == 1 and buffer:
            return 0 if buffer is not None else b''
        raise
