"""A try/finally ending a loop's body, its finally body's paths each going
back to the loop's header (3.12+: a copy of the jump in each path, and the
reversed test over a late JUMP_BACKWARD)."""


def finally_with_try(entries, log):
    for entry in entries:
        try:
            log.append(10 // entry)
        finally:
            try:
                log.append(entry.bit_length() // (entry - 1))
            except ZeroDivisionError:
                log.append('zero')


def finally_with_if(entries, log):
    for entry in entries:
        try:
            if entry > 1:
                log.append(10 // (entry - 2))
        finally:
            if not entry % 2:
                try:
                    log.append(5 // (entry - 4))
                except ZeroDivisionError as err:
                    log.append(str(err))


def run_cases(ns):
    results = []
    for name in ('finally_with_try', 'finally_with_if'):
        for entries in ([1, 2, 3], [2, 4, 6], [0, 5], [3, 2], []):
            log = []
            try:
                ns[name](entries, log)
                results.append(log)
            except Exception as e:
                results.append((type(e).__name__, log))
    return results
