"""A loop body ending in a test that leaves the loop, inside a with or try body.

3.14 leave the inverted conditional jump and the jump back after it out of
the exception table (3.15 protect them): the loop must still read as part of
the protected body."""


def with_while_break(self, buf, read1):
    written = 0
    with self._read_lock:
        while written < len(buf):
            if len(buf) - written > self.buffer_size:
                n = self.raw.readinto(buf[written:])
                if not n:
                    break
                written += n
            elif not (read1 and written):
                if not self._peek_unlocked(1):
                    break
            if read1 and written:
                break
    return written


def with_while_last_break(self, read1):
    with self._read_lock:
        while self.more:
            self.step()
            if read1:
                break
    return self.written


def try_while_true_test_then_code(selector, alive_r):
    try:
        while True:
            rfds = [key.fileobj for key, events in selector.select()]
            if rfds:
                break
        if alive_r in rfds:
            return 1
    finally:
        selector.close()
    return 0
