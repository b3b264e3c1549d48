"""async with / async for / async comprehensions / await / async generators."""


async def await_simple(a):
    await a


async def await_value(a):
    return await a


async def await_in_expression(a, b):
    x = await a + await b
    return x * 2


async def await_in_call(f, a):
    return f(await a, key=await a)


async def await_attribute(obj):
    return await obj.method()


async def await_in_condition(a, b):
    if await a:
        return 1
    elif not await b:
        return 2
    return 3


async def await_in_loop(items):
    total = 0
    for item in items:
        total += await item
    return total


async def await_in_while(a):
    while await a():
        pass


async def await_in_try(a, b):
    try:
        await a
    except ValueError:
        await b


async def async_with_simple(cm):
    async with cm:
        pass


async def async_with_as(cm):
    async with cm as value:
        print(value)


async def async_with_two_items(a, b):
    async with a as x, b as y:
        print(x, y)


async def async_with_nested(a, b):
    async with a:
        async with b as y:
            print(y)
        print(1)


async def async_with_return(cm):
    async with cm as value:
        return value





async def async_with_then_code(cm):
    async with cm as value:
        value.run()
    return 5


async def async_with_await_inside(cm, a):
    async with cm:
        await a


async def async_with_mixed(cm, lock):
    with lock:
        async with cm as value:
            await value


async def async_with_in_try(cm):
    try:
        async with cm as v:
            print(v)
    except OSError:
        pass


async def async_with_tuple_target(cm):
    async with cm as (a, b):
        print(a, b)


async def async_for_simple(source):
    async for item in source:
        print(item)


async def async_for_accumulate(source):
    total = 0
    async for item in source:
        total += item
    return total


async def async_for_else(source):
    async for item in source:
        print(item)
    else:
        print("done")


async def async_for_break(source):
    async for item in source:
        if item:
            break
        print(item)


async def async_for_continue(source):
    async for item in source:
        if item:
            continue
        print(item)


async def async_for_break_else(source):
    async for item in source:
        if item:
            break
    else:
        print(0)
    print(1)


async def async_for_unpack(source):
    async for key, value in source:
        print(key, value)


async def async_for_nested(a, b):
    async for x in a:
        async for y in b:
            print(x, y)


async def async_for_return(source):
    async for item in source:
        if item:
            return item
    return None


async def async_for_await(source):
    async for item in source:
        await item


async def async_for_in_for(groups):
    for group in groups:
        async for item in group:
            print(item)


async def async_listcomp(source):
    return [x async for x in source]


async def async_setcomp(source):
    return {x async for x in source}


async def async_dictcomp(source):
    return {k: v async for k, v in source}


async def async_comp_condition(source):
    return [x async for x in source if x]


async def await_in_listcomp(items):
    return [await x for x in items]


async def async_genexp(source):
    return (x async for x in source)


async def await_genexp(items):
    return (await x for x in items)


async def async_comp_nested(source, other):
    return [(x, y) async for x in source for y in other]


async def async_gen_simple():
    yield 1


async def async_gen_loop(n):
    for i in range(n):
        yield i


async def async_gen_await(a):
    value = await a
    yield value


async def async_gen_return(a):
    if a:
        return
    yield a


async def async_gen_async_for(source):
    async for item in source:
        yield item * 2


async def async_gen_yield_value(a):
    received = yield a
    print(received)


async def nested_async_def():
    async def inner(a):
        return await a

    return inner


# An async generator may only `return` bare: returns leaving a with or a
# try/finally, or a loop, must not print `return None`.
async def async_generator_return_in_async_with(a):
    async with a:
        yield 1
        return


async def async_generator_return_in_loop_in_try(a):
    try:
        async for x in a:
            if x:
                return
            yield x
    finally:
        pass

