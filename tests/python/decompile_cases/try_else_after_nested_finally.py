# try/except/else/finally whose body ends in a nested try/finally
# (multiprocessing.resource_tracker ResourceTracker._launch): 3.14 load the
# else clause's locals strongly there, as after a try statement; the order
# in which the compiler met the names (the else clause's before the except
# clause's) says it was the else clause.


def launch(self, os, r, w, spawn, have_mask):
    try:
        previous = None
        try:
            if have_mask:
                previous = spawn(1)
            pid = spawn(r)
        finally:
            if previous is not None:
                spawn(previous)
    except:
        os.close(w)
        raise
    else:
        self._fd = w
        self._pid = pid
    finally:
        os.close(r)
