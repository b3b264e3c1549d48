# break / continue / return inside a with body inside a loop: the exit
# call (__exit__(None, None, None)) runs first, then the jump (3.8: with
# POP_FINALLY; a return or a break before `return None` also drops the
# for loop's iterator).


def for_with_continue(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                continue
            g(x)
        g(2)


def for_with_break(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                break
            g(x)


def for_with_break_then_code(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                break
            g(x)
    g(2)


def while_with_break(cm, g):
    while g():
        with cm:
            if g(1):
                g(2)
                break
            g(3)
    g(4)


def while_with_continue(cm, g):
    while g():
        with cm:
            if g(1):
                continue
            g(3)


def for_two_items_with_continue(a, b, xs, g):
    for x in xs:
        with a, b as y:
            if y:
                continue
            g(x)


def for_with_break_else(cm, xs, g):
    for x in xs:
        with cm:
            if x:
                break
    else:
        g(1)
    g(2)


def for_with_return_value(cm, xs, g):
    for x in xs:
        with cm as v:
            if v:
                return v
            g(x)
    return 2


def for_for_with_return(cm, xs, ys):
    for x in xs:
        for y in ys:
            with cm:
                if y:
                    return 1
    return 0


def for_try_with_continue(cm, xs, g):
    for x in xs:
        try:
            with cm:
                if x:
                    continue
                g(x)
        except OSError:
            continue


async def async_for_async_with_break(cm, xs, g):
    async for x in xs:
        async with cm:
            if x:
                break
            g(x)
    g(2)


def while_true_generator_with_constants(read, i):
    # `while True:` (no constant) and not `while 1:`, although the body
    # loads a 1: its place in co_consts, after '\0', says so (3.10+).
    while True:
        try:
            item = read(i)
        except OSError:
            return
        if "\0" not in item:
            yield item
        i += 1


def for_with_try_except_continue(cm, xs, g):
    # The clause's continue runs the with's exit call before its jump.
    for x in xs:
        with cm:
            try:
                g(x)
            except KeyError:
                continue
        g(2)


# 3.10+ a with body ending in `break` in a while loop with an else clause:
# the break calls __exit__, then jumps past the else clause or runs its
# own copy of the short code after the loop statement; a suppressed
# exception goes on to the loop's test.
def while_else_with_break_copy(items, h, log):
    while items:
        with h(items.pop()):
            log.append(1)
            break
    else:
        log.append(9)
    return log


def while_else_with_break_jump(items, h, log):
    while items:
        with h(items.pop()):
            log.append(1)
            break
    else:
        log.append(9)
    log.append(2)


def while_else_with_break_in_if(items, h, log):
    while items:
        with h(items.pop()) as f:
            if f:
                log.append(1)
                break
            log.append(3)
    else:
        log.append(9)
    return log


# 3.12+: with no else clause the code after the loop follows the exit call
# of the break (its jump dropped).
def while_with_break_falls_into_follow(items, h, log):
    while items:
        with h(items.pop()):
            log.append(1)
            break
    log.append(2)
    return log


def while_with_break_then_code_falls_into_follow(items, h, log):
    while items:
        with h(items.pop()):
            log.append(1)
            break
        log.append(5)
    log.append(2)
    return log
