# A bare `raise` ending an except clause of a loop body, after a try nested
# in the clause (asyncio.Queue.get): the nested try's end and its clause go on
# to the clause's next statement, still inside the clause (3.11+: still under
# the clause's exception-state restore), not out of the loop. Read as a
# `break`, the `raise` ended up after the loop, where no exception is active.
# (The same in a for loop with `except Exception as error:` is refused on
# 3.13+ for now: tests/python/behaviour_cases.)


def get(self):
    while self.empty():
        try:
            self.wait()
        except:
            try:
                self.remove()
            except ValueError:
                pass
            self.wake()
            raise
    return self.get_nowait()


async def get_async(self):
    while self.empty():
        getter = self.create_future()
        self.getters.append(getter)
        try:
            await getter
        except:
            getter.cancel()
            try:
                self.getters.remove(getter)
            except ValueError:
                pass
            if not self.empty() and not getter.cancelled():
                self.wake(self.getters)
            raise
    return self.get_nowait()

