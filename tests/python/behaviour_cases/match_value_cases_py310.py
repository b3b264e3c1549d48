"""Value-pattern match statements (3.10+).

3.12+ test the last case of a match inside a loop, when its failure goes
back to the loop's top, with the opposite jump over a JUMP_BACKWARD. That
case was read as `case _:` comparing the wrong stack value (the loop's
iterable instead of the subject), and each case body repeated the
function's docstring (3.13 symtable.Class.get_methods)."""


class K:
    FUNCTION = "function"
    TYPE_PARAMETERS = "type parameters"
    CLASS = "class"


class Entry:
    def __init__(self, name, type, children=(), varnames=()):
        self.name, self.type, self.children, self.varnames = name, type, children, varnames


def get_methods(children, is_local):
    """Methods by name."""
    d = {}
    for st in children:
        if is_local(st.name):
            match st.type:
                case K.FUNCTION:
                    if st.name == "genexpr" and ".0" in st.varnames:
                        continue
                    d[st.name] = 1
                case K.TYPE_PARAMETERS:
                    for c in st.children:
                        if c.name == st.name and c.type == K.FUNCTION:
                            d[st.name] = 2
                            break
    return tuple(d.items())


def count_kinds(items):
    n = []
    for x in items:
        match x:
            case 0:
                n.append("zero")
            case None:
                n.append("none")
    return n


def describe(x):
    match x:
        case 1 | 2:
            return "small"
        case "a":
            return "letter"
        case _:
            return "other"


def run_cases(ns):
    f = Entry("f", K.FUNCTION)
    g = Entry("genexpr", K.FUNCTION, varnames=(".0",))
    g2 = Entry("genexpr", K.FUNCTION, varnames=("x",))
    t = Entry("t", K.TYPE_PARAMETERS, children=(Entry("u", K.FUNCTION), Entry("t", K.FUNCTION)))
    t2 = Entry("t2", K.TYPE_PARAMETERS, children=(Entry("t2", K.CLASS),))
    c = Entry("c", K.CLASS)
    results = []
    for local in (lambda name: True, lambda name: name != "f"):
        results.append(ns["get_methods"]([f, g, g2, t, t2, c], local))
    results.append(ns["count_kinds"]([0, None, 1, "x", 0]))
    results.append([ns["describe"](v) for v in (1, 2, 3, "a", "b", None)])
    return results
