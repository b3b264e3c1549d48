"""A conditional expression of two awaits (or two `yield from`s) feeding a short exit that 3.10+
copy into both branches: `assert c, (await f() if t else await g())` ends each branch in
`GET_AWAITABLE; LOAD_CONST None; YIELD_FROM; CALL_FUNCTION 1; RAISE_VARARGS 1` on 3.10, so the
last four instructions of the branches are alike. The copied tail starts after the send loop,
never inside it (3.10 printed `yield from await ...`, which does not compile in an async def;
difftest 22000:23303)."""


async def assert_message_awaits_either_side(a, y, z, x):
    assert z, ((await aw(y)) if (x := y) else (await aw(a)))
    return -1


async def raise_awaits_either_side(a, y):
    raise E((await aw(y)) if a else (await aw(a)))


def yield_from_either_side(a, y):
    return f((yield from g(y)) if a else (yield from g(a)))
