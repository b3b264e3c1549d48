"""Code after a try statement whose except clauses leave, following its
else clause.

3.14 drop the jump over the handlers that ends the else clause and leave
an empty block there: optimize_load_fast never visits the code after the
try statement, which loads locals strongly, while the else clause borrows.
Both run on the same paths; the loads say where the else clause ends."""


def push(self, char):
    if self.buf:
        self.keymap = self.compiled_keymap
    else:
        try:
            decoded = bytes(self.buf).decode(self.encoding)
        except UnicodeError:
            return
        else:
            self.insert(("key", decoded, bytes(self.flush_buf())))
        self.keymap = self.compiled_keymap


def enum_types(reader, mimedb):
    i = 0
    while True:
        try:
            ctype = reader.EnumKey(mimedb, i)
        except OSError:
            break
        else:
            if "\0" not in ctype:
                yield ctype
        i += 1
