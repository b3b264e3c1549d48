"""`while a and b:` ending the function: 3.12+ give each exit of the test
(at the top and in the latch's copy) its own `return None`."""


def compound_while_at_end(head, tail):
    while head and tail:
        head = tail


def compound_while_with_break_at_end(head, tail, remove):
    while head and tail:
        if remove(head):
            break
        head = tail


def compound_while_with_try_at_end(head, tail, remove):
    while head and tail:
        try:
            remove(head)
        except OSError:
            pass
        head = tail
