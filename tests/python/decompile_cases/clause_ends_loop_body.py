# An except clause falling off its end where the try ends a loop body
# (3.13: its ending has no line, so every jump to it gets its own copy; a
# written `continue` keeps one shared block), and the same clauses with a
# written `continue`.


def with_ending_clause_in_for(items, h, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm(x):
                h(1)


def with_return_in_clause_in_for(items, h, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm(x):
                return h(1)


def with_if_ending_clause_in_for(items, h, cm, c):
    for x in items:
        try:
            h(x)
        except KeyError as e:
            with cm(e):
                if c:
                    h(1)


def if_ending_clause_in_for(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            if c:
                h(1)


def with_then_continue_in_clause(items, h, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm(x):
                h(1)
            continue


def if_then_continue_in_clause_while(items, h, c):
    while items:
        try:
            h(items.pop())
        except KeyError:
            if c:
                h(1)
            continue


# `continue` in a clause of a `while True:` loop jumps to the NOP of the
# while line: written, whatever follows.
def while_true_clause_continue(sock, process):
    while True:
        try:
            data = sock.recv(4096)
            if not data:
                break
            process(data)
        except InterruptedError:
            continue
        except BlockingIOError:
            break
