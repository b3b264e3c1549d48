"""A break at the end of a try body in a for/else whose code after the
statement is short code that ends the function.

3.10+ give each break its own copy of that code (after popping the
iterator), so no jump says where the for statement ends. The copies were
taken for code inside the loop and the else clause ran after every loop
(pkgutil.get_importer on 3.10/3.12/3.13: its PEP 302 tests failed)."""


def first_importer(path_item, hooks, cache):
    try:
        importer = cache[path_item]
    except KeyError:
        for path_hook in hooks:
            try:
                importer = path_hook(path_item)
                cache.setdefault(path_item, importer)
                break
            except ImportError:
                pass
        else:
            importer = None
    return importer


def first_result(p, hooks):
    for h in hooks:
        try:
            x = h(p)
            break
        except ImportError:
            pass
    else:
        x = None
    return x


def first_even(values):
    for v in values:
        if v % 2 == 0:
            found = v
            break
    else:
        found = -1
        print("none")
    return found


def run_cases(ns):
    def failing(p):
        raise ImportError(p)

    def accepting(p):
        return ("hook", p)

    results = []
    for hooks in ([], [failing], [failing, accepting], [accepting, failing]):
        results.append(ns["first_importer"]("p", hooks, {}))
        results.append(ns["first_importer"]("p", hooks, {"p": "cached"}))
        results.append(ns["first_result"]("q", hooks))
    results += [ns["first_even"](v) for v in ([], [1, 3], [1, 4, 6])]
    return results
