# A with statement then `break` ending an except clause nested in another
# clause in a for loop: the with's exits jump to the break, which leaves
# both clauses (two POP_EXCEPTs) before it pops the iterator. (3.10-3.12
# read a `continue` after the inner try's body, same behaviour: differs.)


def with_then_break_in_nested_clause(items, h, cm):
    for item in items:
        try:
            h(item)
        except KeyError:
            try:
                h(0)
            except ValueError:
                with cm:
                    h(1)
                break
    h(2)
