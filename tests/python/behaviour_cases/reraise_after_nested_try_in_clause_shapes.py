"""A bare `raise` ending an except clause of a loop body, after a try nested in
the clause (asyncio.Queue.get / put on 3.14 and 3.15): the nested try's end was
read as a `break`, so the decompiled function ran the clause's last statements
after the loop and raised `RuntimeError: No active exception to reraise` where
the original re-raised the exception it caught.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def waiter_loop(state, wait, remove, wake):
    while state["empty"]:
        try:
            wait()
        except:
            try:
                remove()
            except ValueError:
                pass
            if not state["empty"] and not state["cancelled"]:
                wake()
            raise
    return "got"


def waiter_for_loop(items, wait, remove, wake):
    for item in items:
        try:
            wait(item)
        except Exception as error:
            try:
                remove(error)
            except ValueError:
                pass
            wake()
            raise
    return len(items)


def run_cases(ns):
    results = []
    for wait_error in (None, KeyError, ValueError):
        for remove_error in (None, ValueError):
            for cancelled in (False, True):
                log = []
                state = {"empty": True, "cancelled": cancelled}

                def wait(*args, log=log, state=state, wait_error=wait_error):
                    log.append(("wait",) + args)
                    if wait_error is not None:
                        raise wait_error("wait")
                    state["empty"] = False

                def remove(*args, log=log, remove_error=remove_error):
                    log.append(("remove",) + tuple(type(a).__name__ for a in args))
                    if remove_error is not None:
                        raise remove_error("remove")

                def wake(log=log):
                    log.append("wake")

                for name, first in (("waiter_loop", state), ("waiter_for_loop", [1, 2])):
                    try:
                        value = ns[name](first, wait, remove, wake)
                    except Exception as e:  # the exception is part of the behaviour
                        value = (type(e).__name__, str(e))
                    results.append(
                        (
                            name,
                            wait_error and wait_error.__name__,
                            remove_error and "ValueError",
                            cancelled,
                            value,
                            list(log),
                        )
                    )
    return results
