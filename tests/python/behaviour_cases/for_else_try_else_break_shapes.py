"""A for loop whose body is `try: ... except E: continue/pass else: break`,
with an else clause that returns: the code after the loop runs only after
the break (≤3.9 read the try body's jump to its else clause as a break of
its own and put the code after the loop into the try's else clause)."""


def first_working(cmds, fallback):
    for cmd in cmds:
        try:
            info = int(cmd)
        except ValueError:
            pass
        else:
            break
    else:
        return fallback
    return info * 2


def first_working_continue(cmds, fallback):
    for cmd in cmds:
        try:
            info = int(cmd)
        except ValueError:
            continue
        else:
            break
    else:
        return fallback
    return info + 1


def first_working_named(cmds, fallback):
    # (≤3.9 a named clause's `continue` runs the name's unbinding first;
    # its dead natural end after it starts with that try's POP_BLOCK.)
    for cmd in cmds:
        try:
            info = int(cmd)
        except ValueError as why:
            continue
        else:
            break
    else:
        return fallback
    return info - 1


def run_cases(ns):
    out = []
    for cmds in [["x", "3", "4"], ["x"], []]:
        out.append(ns["first_working"](cmds, "none"))
        out.append(ns["first_working_continue"](cmds, "none"))
        out.append(ns["first_working_named"](cmds, "none"))
    return out
