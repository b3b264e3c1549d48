"""An else clause that returns a `'%s' % (a, b)` the compiler folds into an
f-string: its first literal piece has no line of its own and takes the
try body's last line, yet the clause is no part of the body."""


def else_returns_folded_format(self, class_name):
    try:
        name = self.name
    except AttributeError:
        return "<%s fd=%d>" % (class_name, self._fd)
    else:
        return "<%s name=%r mode=%r>" % (class_name, name, self.mode)
