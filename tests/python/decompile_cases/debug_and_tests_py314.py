"""`if __debug__ and x:` where the if statement starts a basic block.

3.14 test the folded `__debug__` in a block of its own, left empty, and
optimize_load_fast does not go on from an empty block: the rest of the
test and the code only it reaches load locals strongly, where `if x:`
alone borrows them. The True stays in co_consts, unreferenced."""

import time


def next_response(self):
    imap = self._imap
    if self._duration is None:
        timeout = None
    else:
        timeout = self._deadline - time.monotonic()
    typ, data = self._pop(timeout)
    if not typ:
        if __debug__ and imap.debug >= 4:
            imap._mesg("idle iterator exhausted")
        raise StopIteration
    return typ, data


def pop_response(self, timeout, default=("", None)):
    imap = self._imap
    if imap._idle_responses:
        resp = imap._idle_responses.pop(0)
        return resp
    if __debug__ and imap.debug >= 4:
        imap._mesg(f"idle _pop({timeout}) reading")
    if timeout is not None:
        if timeout <= 0:
            return default
        timeout = float(timeout)
    return imap._get_response(timeout)


def append_untagged(self, typ, dat):
    if self._idle_capture:
        if not self._idle_responses:
            self._idle_responses.append((typ, [dat]))
        else:
            response = self._idle_responses[-1]
            response[1].append(dat)
        if __debug__ and self.debug >= 5:
            self._mesg(f"idle: queue untagged {typ} {dat!r}")
        return
    self.untagged_responses[typ] = [dat]


def race(tasks, loop):
    errors = []
    failure = None

    def done(task):
        errors.append(task)

    while tasks:
        fut = loop.create_future()
        try:
            fut.wait()
        except ValueError as ex:
            failure = ex
        fut = None
    if __debug__ and errors:
        raise ExceptionGroup("race failed", errors)
    if failure is not None:
        raise failure
    return done
