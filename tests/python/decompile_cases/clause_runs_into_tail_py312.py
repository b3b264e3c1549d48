"""3.12+ lay the code after a try that only an except clause reaches right
after that clause (asyncio.futures._get_loop); 3.10 still print it inside
the clause as a return (differs), so this case starts at 3.12."""


def clause_pass_else_return_tail_return(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        pass
    else:
        return get_loop()
    return fut._loop
