# 3.8: an async for loop in a finally body. Its SETUP_FINALLY ends at
# END_ASYNC_FOR, not END_FINALLY: counted as a block to close, the finally
# body's END_FINALLY was taken for the loop's, and the body's end searched
# further on, reading the code after the try into the finally body
# (random program 24000:1842), or refusing it when none was left.


async def async_for_in_finally_then_code(a, b, c):
    try:
        a()
    finally:
        async for y in b:
            pass
    c()


async def async_for_in_finally_in_try_finally(a, b, c):
    try:
        try:
            a()
        finally:
            async for y in b:
                pass
        c()
    finally:
        pass
