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
