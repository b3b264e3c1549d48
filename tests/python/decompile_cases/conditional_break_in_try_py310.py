"""`while True:` in a try body left only by a `break` that follows an
`if ...: continue` (3.10+).

The test's jump is threaded through the break's jump to the code after the
loop; what is left of the break is a NOP of its line, which the jump still
targets. Read without the break, the loop never ends."""


def break_after_continue_ending_try(os, pid):
    try:
        while True:
            res = os.waitid(pid)
            if res.code == os.STOPPED:
                os.waitid(pid, 1)
                continue
            break
    except ChildProcessError:
        pass
    return 1


def break_before_code_in_try(os, pid):
    try:
        while True:
            res = os.waitid(pid)
            if res.code == os.STOPPED:
                os.waitid(pid, 1)
                continue
            break
        done = 1
    except ChildProcessError:
        done = 0
    return done


def only_continue_then_break(os, pid):
    try:
        while True:
            res = os.waitid(pid)
            if res.code == os.STOPPED:
                continue
            break
    except ChildProcessError:
        pass
    return 1


def try_returning_in_endless_loop(filename, importers, os):
    path = filename
    while True:
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
        get_data = getattr(importers.get(path), "get_data", None)
        if get_data is None:
            continue
        try:
            data = get_data(filename)
        except (ImportError, OSError):
            continue
        return data
