"""3.10+ lay the code after a try that only an except clause reaches right
after that clause (3.12+: cold, with the handlers), where the clause's
POP_EXCEPT runs straight into it (asyncio.futures._get_loop)."""


def clause_pass_else_return_tail_return(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        pass
    else:
        return get_loop()
    return fut._loop


def body_returns_clause_runs_into_return(self, key, default=None):
    # (3.10/3.12+: the code after the try lies right after the clause's
    # POP_EXCEPT; the body never goes on, so it is no else clause.)
    try:
        return self[key]
    except KeyError:
        self[key] = default
    return default
