"""`return` in an except clause of a try/except/finally inside a for loop:
the clause unwinds, runs the finally body's copy, then pops the loop's
iterator before the constant is loaded and returned."""


def bare_return_in_clause(items, close):
    for item in items:
        try:
            close(item)
        except ValueError:
            return
        finally:
            close()


def generator_return_in_clause(items):
    for item in items:
        try:
            yield item
        except ValueError:
            return
        finally:
            items.close()


def constant_return_in_nested_loops(rows, close):
    for row in rows:
        for cell in row:
            try:
                close(cell)
            except KeyError:
                close(row)
                return 1
            finally:
                close()
        close(row)
    return 0


def break_in_generator_clause(items):
    for item in items:
        try:
            yield item
        except ValueError:
            break
        finally:
            items.close()
