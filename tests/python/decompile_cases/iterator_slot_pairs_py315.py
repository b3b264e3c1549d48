# 3.15 keep a for loop's iterator in two stack slots: breaks, returns and
# inlined comprehensions reach past the second one.


def break_in_loop(a):
    for x in a:
        if x:
            break
    return 1


def return_from_nested_loops(a):
    for x in a:
        for y in x:
            if y:
                return y
    return None


def break_out_of_with_in_loop(a, m):
    for x in a:
        with m:
            if x:
                break
    return 2


def nested_inlined_comprehension(a):
    return [y for x in a for y in x if y]


def dict_and_set_comprehensions(a):
    return {k: v for k, v in a}, {x for x in a}


def generator_expression(a):
    return (x * 2 for x in a if x)


def inlined_builtins_of_generators(a):
    return all(x for x in a), any(x for x in a), tuple(x for x in a), list(x for x in a), set(x for x in a)


def yield_from_loop(a):
    for x in a:
        yield from x


async def async_with_and_for(a):
    async with a as b:
        await b
    async for x in a:
        if x:
            break


async def async_comprehensions(a):
    return [x async for x in a], [await x for x in a]


def loop_in_except_clause(a):
    try:
        a()
    except ValueError:
        for x in a:
            if x:
                break
        return 1
