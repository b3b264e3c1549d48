"""Code after a try statement whose except clauses leave, following its
else clause.

3.14 drop the jump over the handlers that ends the else clause and leave
an empty block there: optimize_load_fast never visits the code after the
try statement, which loads locals strongly, while the else clause borrows.
Both run on the same paths; the loads say where the else clause ends."""


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
