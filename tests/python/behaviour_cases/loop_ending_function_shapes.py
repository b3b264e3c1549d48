"""A while loop ending the function: 3.10+ give each exit its own copy of
the implicit return (zipfile._ancestry, bdb.Bdb.set_continue); read back,
there is no else clause and breaks still end the function."""


def ancestry(path):
    path = path.rstrip("/")
    while path and path != "/":
        yield path
        path, tail = path.rsplit("/", 1) if "/" in path else ("", path)


def walk(log, items, stop):
    i = 0
    while i < len(items) and items[i] != stop:
        if items[i] < 0:
            break
        log.append(items[i])
        i += 1


def run_cases(ns):
    results = [list(ns["ancestry"](p)) for p in ("a/b/c", "/a/b", "a", "", "/")]
    for items in ([1, 2, 3], [1, -1, 2], [1, 5, 2], []):
        log = []
        ns["walk"](log, items, 5)
        results.append(log)
    return results
