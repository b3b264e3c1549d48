"""Loops whose exits lie past code that never gets back to the header, in
or after a try statement of the body (logging QueueListener._monitor,
_pyrepl WindowsConsole.get_event)."""


def break_through_nested_if_in_try(self, q, has_task_done):
    while True:
        try:
            record = self.dequeue(True)
            if record is self.sentinel:
                if has_task_done:
                    q.task_done()
                break
            self.handle(record)
        except IndexError:
            break


def elif_continue_then_returns(self, block):
    while self.pending():
        key = self.read()
        if key == 8:
            key = "backspace"
        elif key == "\x00":
            if block:
                continue
            return None
        if key & 4:
            return 3
        return key
    return self.get()
