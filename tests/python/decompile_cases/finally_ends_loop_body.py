# A try/finally ending a loop's body: each path of the finally body's
# normal copy jumps back to the loop's header (3.10+ give each its own
# jump; 3.12+ test the other way round over a late JUMP_BACKWARD where an
# if skips).


def finally_with_try_ends_loop_body(entries, fd):
    for entry in entries:
        try:
            h(fd)
        finally:
            try:
                close(fd)
            except OSError:
                onexc()


def finally_with_if_ends_loop_body(entries, fd):
    for entry in entries:
        try:
            if entry:
                h(fd)
        finally:
            if not fd:
                try:
                    close(fd)
                except OSError as err:
                    onexc(err)
