"""`continue`/`break` at the end of an if branch inside a try body in a loop.

3.11+ put the jump after the protected range: the branch stops there while
the other goes on to the code after the try. It decompiled as
`try: if c: ... except ...: ... else: continue` (shutil._rmtree_safe_fd
skipped every file; caught by the stdlib tests)."""


def continue_in_try_branch(entries, seen):
    for entry in entries:
        try:
            if entry > 2:
                seen.append(("dir", entry))
                continue
        except TypeError:
            continue
        except ValueError:
            pass
        seen.append(("file", entry))


def break_in_try_branch(entries, seen):
    for entry in entries:
        try:
            if entry > 2:
                seen.append(("stop", entry))
                break
        except TypeError:
            seen.append(("bad", entry))
        seen.append(("item", entry))
    return seen


def run_cases(ns):
    results = []
    for name in ("continue_in_try_branch", "break_in_try_branch"):
        for entries in ([1, 5, 2, 7], [None, 3, 1], []):
            seen = []
            ns[name](entries, seen)
            results.append((name, seen))
    return results
