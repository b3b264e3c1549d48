# 3.12+ (checked here 3.14+; 3.12/3.13 test `while 1:` loops otherwise, not
# read yet): a while loop's `break` to short code after the loop that ends in a
# return is replaced by a copy of that code, the break's line left as a NOP
# before it (curses.textpad Textbox.edit, _pyio IOBase.readline,
# zipimport.zipimporter.__init__). A return written in the body has no NOP
# before it; the names the copy meets come after the loop body's.


def endless_loop_single_break(self, validate=None):
    while 1:
        ch = self.win.getch()
        if validate:
            ch = validate(ch)
        if not ch:
            continue
        if not self.do_command(ch):
            break
        self.win.refresh()
    return self.gather()


def tested_loop_breaks(self, size):
    res = bytearray()
    while size < 0 or len(res) < size:
        b = self.read(1)
        if not b:
            break
        res += b
        if res.endswith(b"\n"):
            break
    return res.take_bytes()


def break_in_else_clause(self, path):
    prefix = []
    while True:
        try:
            st = stat(path)
        except OSError:
            path = parent(path)
            prefix.append(path)
        else:
            if st.mode != 1:
                raise ValueError(path)
            break
    if path not in cache:
        cache[path] = read(path)
    self.archive = path


def written_return_in_body(self):
    while True:
        ch = self.read()
        if not ch:
            return self.finish()
        self.handle(ch)
