# With bodies ending in break/continue/return, alone or ending a try body:
# the jump is the with body's (its exit call runs first), and the code after
# the with (or after the try) is reached when __exit__ suppresses an
# exception (behaviour_cases/with_body_loop_jump_shapes.py runs them).


def continue_ends_with(items, h, log):
    for item in items:
        with h(item):
            log.append(item)
            continue
        log.append(0)
    return log


def break_ends_with(items, h, log):
    for item in items:
        with h(item):
            log.append(item)
            break
        log.append(0)
    return log


def continue_ends_with_in_try(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def break_ends_with_in_try(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                break
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_in_try_finally(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        finally:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_in_try_in_while(items, h, log):
    while items:
        try:
            with h(items.pop()):
                log.append(1)
                continue
        except KeyError:
            log.append(-1)
        log.append(0)
    return log


def continue_ends_with_clause_continues(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                continue
        except KeyError:
            continue
        log.append(0)
    return log


def return_ends_with_clause_continues(items, h, log):
    for item in items:
        try:
            with h(item):
                log.append(item)
                return 1
        except KeyError:
            continue
        log.append(0)
    return log


def return_ends_with_clause_returns(items, h, log):
    try:
        with h(items[0]):
            log.append(items[0])
            return 1
    except KeyError:
        return 2
    log.append(0)
    return log


def break_in_if_in_with_in_clause(items, h, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm(x):
                if h(1):
                    break
                h(3)
