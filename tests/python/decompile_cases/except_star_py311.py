"""try/except* (PEP 654): the handler splits the exception group clause by clause."""


def one_clause():
    try:
        a()
    except* ValueError:
        b()


def bound_name(x):
    try:
        a(x)
    except* ValueError as e:
        b(e.exceptions)
    return x


def tuple_of_types():
    try:
        a()
    except* (TypeError, KeyError) as group:
        b(group)


def dotted_type():
    try:
        a()
    except* errors.Special:
        b()


def several_clauses():
    try:
        a()
    except* ValueError as e:
        b(e)
    except* TypeError:
        c()
    except* (OSError, KeyError) as other:
        d(other)
    e()


def pass_bodies():
    try:
        a()
    except* ValueError as e:
        pass
    except* TypeError:
        pass
    return 1


def with_else():
    try:
        a()
    except* ValueError:
        b()
    else:
        c()
    d()


def with_finally():
    try:
        a()
    except* ValueError:
        b()
    finally:
        c()


def with_else_and_finally():
    try:
        a()
    except* ValueError as e:
        b(e)
    except* TypeError:
        c()
    else:
        d()
    finally:
        g()


def raise_in_clause():
    try:
        a()
    except* ValueError as e:
        raise RuntimeError("wrapped") from e


def bare_raise_in_clause():
    try:
        a()
    except* ValueError:
        log()
        raise


def conditional_raise(x):
    try:
        a(x)
    except* ValueError as e:
        if x:
            raise
        b(e)
    except* TypeError:
        if x > 1:
            c()
        else:
            d()
    return x


def in_for_loop(items):
    total = 0
    for item in items:
        try:
            total += f(item)
        except* ValueError:
            total -= 1
    return total


def in_while_loop(n):
    while n:
        try:
            n = step(n)
        except* KeyError as e:
            report(e)
        n -= 1
    return n


def loop_inside_clause(items):
    try:
        a()
    except* ValueError as e:
        for x in items:
            if x:
                break
            b(x)
        else:
            c()
    return items


def nested_try_in_clause():
    try:
        a()
    except* ValueError:
        try:
            b()
        except KeyError:
            c()
        finally:
            d()


def nested_in_try_body():
    try:
        try:
            a()
        except* ValueError:
            b()
    except Exception:
        c()


def nested_except_star():
    try:
        a()
    except* ValueError:
        try:
            b()
        except* TypeError as inner:
            c(inner)


def body_returns():
    try:
        return a()
    except* ValueError:
        b()
    c()


def body_returns_at_end():
    try:
        return a()
    except* ValueError:
        b()


def body_raises():
    try:
        raise ExceptionGroup("g", [ValueError(1)])
    except* ValueError as e:
        b(e)
    return 2


def else_returns():
    try:
        a()
    except* ValueError:
        b()
    else:
        return 1
    return 2


def with_inside_clause(path):
    try:
        a()
    except* OSError:
        with open(path) as f:
            f.write("x")


def clause_defines_function():
    try:
        a()
    except* ValueError as e:
        def g():
            return e
        b(g)


def in_method(self):
    try:
        self.run()
    except* (ValueError, TypeError) as eg:
        self.errors.extend(eg.exceptions)
    finally:
        self.close()


async def in_async_function(task):
    try:
        await task
    except* ValueError as e:
        await report(e)


def for_else_in_clause(items):
    try:
        a()
    except* ValueError as e:
        for x in items:
            if x:
                break
            b(x)
        else:
            c(e)
        d()
    return items


def while_else_in_clause(items):
    try:
        a()
    except* ValueError:
        while items:
            if items.pop():
                break
        else:
            c()
    return items


def while_true_in_clause(items):
    try:
        a()
    except* ValueError as e:
        while True:
            x = items.pop()
            if x:
                break
            b(x, e)


def nested_loops_in_clause(rows):
    try:
        a()
    except* KeyError:
        for row in rows:
            for x in row:
                if x:
                    break
                b(x)
            c(row)


def inside_with(lock):
    with lock:
        try:
            a()
        except* ValueError as e:
            b(e)
        c()


def in_else_of_try():
    try:
        a()
    except KeyError:
        b()
    else:
        try:
            c()
        except* ValueError:
            d()


def in_finally():
    try:
        a()
    finally:
        try:
            b()
        except* ValueError:
            c()


def in_except_clause():
    try:
        a()
    except KeyError as k:
        try:
            b(k)
        except* ValueError:
            c()
    return 3
