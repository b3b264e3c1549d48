"""`while a and b:` ending a function: 3.10/3.11 give each exit of the test
(at the top and repeated at the bottom) its own copy of the implicit
`return None`; they are one exit, not an else clause
(multiprocessing.pool.Pool._help_stuff_finish)."""


def drain(inqueue, task_handler):
    inqueue.acquire()
    while task_handler.is_alive() and inqueue.poll():
        inqueue.recv()
        sleep(0)


def three_operands(a, b, c):
    while a() and b() and c():
        x()


def either_operand(a, b):
    while a() or b():
        x()


def drain_test_on_two_lines(self, a, b):
    # (The latch's exit copy takes the line of the test's last part, the
    # top test's exit copy the line of its first.)
    while (a < b
            and self.get() > 0):
        for i in range(b - a):
            try:
                self.put(None)
                a += 1
            except E:
                break
