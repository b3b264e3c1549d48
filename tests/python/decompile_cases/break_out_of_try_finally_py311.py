"""A break out of a try/finally in a loop: 3.12+ copy the short code after
the loop into the break after the finally copy, so nothing jumps out of the
loop (subprocess Popen._wait); a break after the try/finally, the loop an
if's branch (shared_memory SharedMemory.__init__). (3.9/3.10 compile
these differently: not read yet.)"""


def break_out_of_try_finally(self):
    while True:
        try:
            if self.returncode is not None:
                break
            self.poll()
        finally:
            self.release()
        self.sleep()
    return self.returncode


def break_out_of_try_finally_under_if(self):
    while True:
        if self.acquire(False):
            try:
                if self.returncode is not None:
                    break
                self.poll()
            finally:
                self.release()
        self.sleep()
    return self.returncode


def break_after_try_finally(self, name, create):
    if create:
        while True:
            handle = self.open()
            try:
                if self.exists:
                    if name is not None:
                        raise FileExistsError(name)
                    else:
                        continue
                self.mmap = self.map(handle)
            finally:
                self.close(handle)
            self.name = name
            break
    else:
        self.name = name
        handle = self.open()
        try:
            self.buf = self.map(handle)
        finally:
            self.close(handle)
    self.size = len(self.buf)
