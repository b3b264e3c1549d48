"""A break/continue in an except clause nested in another except clause
leaves both (pdb.main 3.9-3.13 wrote it after the inner try)."""


def continue_in_nested_named_clause(g, h, log):
    while True:
        try:
            g()
        except KeyError:
            log.append(1)
        except BaseException as e:
            log.append(2)
            try:
                h(e)
            except ValueError:
                log.append(3)
                continue
        if log:
            break
        log.append(4)


def break_in_nested_clause(items, h, log):
    for item in items:
        try:
            h(item)
        except LookupError as e:
            try:
                h(e)
            except ValueError as inner:
                log.append(inner)
                break
            log.append("after inner try")
        log.append(item)
    return log


def continue_in_doubly_nested_clause(items, h):
    for item in items:
        try:
            h(item)
        except OSError:
            try:
                h(None)
            except OSError:
                try:
                    h(0)
                except OSError:
                    continue
                h(1)
        h(2)


def nested_clause_falling_off_loop_end(commands, rules):
    # (Not a continue: the inner clause falls off its end into the outer
    # clause's ending, which the inner body shares; 3.10 lay it out right
    # after the inner clause.)
    for b in commands:
        try:
            rules[b]()
        except TypeError:
            try:
                nested_clause_falling_off_loop_end(rules[b], rules)
            except:
                pass


def try_else_continue_in_named_clause(items, h, log):
    # (3.8 read the else clause's POP_EXCEPT; CALL_FINALLY; jump as the end
    # of the enclosing clause and wrote the continue after the inner try.)
    for item in items:
        try:
            h(item)
        except KeyError as e:
            try:
                h(e)
            except ValueError:
                pass
            else:
                continue
            log.append(e)
        log.append(item)
    return log
