"""A loop inside a try body whose body ends in `if not c: return x`.

3.14+ fuse that test with the loop's jump back into one conditional jump
after the exception table is laid out, so the jump is left unprotected
right after its protected test (asyncio BaseEventLoop._sendfile_fallback)."""


def loop_return_in_try_finally(file, total_sent):
    try:
        while True:
            if not g():
                return total_sent
    finally:
        if total_sent > 0 and k:
            h()


async def awaited_test_in_try_finally(self, file, offset):
    total_sent = 0
    try:
        while True:
            read = await g()
            if not read:
                return total_sent
    finally:
        if total_sent > 0 and hasattr(file, "seek"):
            file.seek(offset + total_sent)
