"""`return` inside a try nested in an except clause: the function must return
there (and only there), and the clause code after the nested try must run
when it does not."""


def helper(self_doc, arg):
    log = []
    try:
        func = {"a": 1}[arg]
    except KeyError:
        try:
            doc = self_doc[arg]
            if doc:
                log.append(doc)
                return log
        except KeyError:
            log.append("no doc")
        log.append("fallback")
        return log
    log.append(func)
    return log


def named(arg):
    try:
        f = {"a": 1}[arg]
    except KeyError as error:
        try:
            if arg == "b":
                return "early"
        except KeyError:
            pass
        f = str(error)
    return f


def options(opts):
    seen = []
    try:
        for opt in opts:
            if opt == "-k":
                return
            seen.append(opt)
    except ValueError:
        pass
    seen.append("end")
    return seen


def lock(kind, codes):
    log = []
    try:
        try:
            if kind:
                raise OSError(kind, "x")
        except OSError as e:
            if e.errno in codes:
                return "skipped"
            else:
                raise
        log.append("locked")
    except KeyError:
        log.append("key")
    return log


def run_cases(ns):
    docs = {"b": "doc b", "c": ""}
    out = [ns["helper"](docs, k) for k in ["a", "b", "c", "d"]]
    out += [ns["named"](k) for k in ["a", "b", "c"]]
    out += [ns["options"](o) for o in [["-a", "-k", "-b"], ["-a"]]]
    for kind in [0, 1, 2]:
        try:
            out.append(ns["lock"](kind, (1,)))
        except OSError as error:
            out.append(("raised", error.errno))
    return out
