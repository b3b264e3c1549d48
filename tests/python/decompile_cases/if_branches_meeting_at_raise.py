# Post-dominators over returning paths treat a raise as a dead end: where an
# if/elif chain's branches meet at a raise and only the else clause returns,
# the elif's test post-dominates the first test, though the first branch
# never gets there (it runs on to the raise).


def elif_chain_meeting_at_raise(source, target, make):
    if source == target:
        err = make('same')
    elif source in target:
        err = make('parent')
    else:
        return
    err.filename = str(source)
    raise err


def raise_private_to_its_branch(cache, key, path):
    try:
        selector = cache[key]
    except KeyError:
        if path[:1] == '/':
            raise SyntaxError('absolute')
        selector = [path]
        cache[key] = selector
    return selector
