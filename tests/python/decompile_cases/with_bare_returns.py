"""A bare `return` inside a with body: its NOP, the exit call and `return None`
look like the body running off its end into the implicit return."""


def if_return_then_return_value(self):
    with self._lock:
        if self._cancelled:
            return
        return self.g()


def if_not_return_value(self):
    with self._lock:
        if not self._cancelled:
            return self.g()


def nested_if_returns(self, frame, event):
    with self.enter(frame):
        if self.quitting:
            return
        if event == 'line':
            return self.line(frame)
        if event == 'call':
            return self.call(frame)
        print('unknown', repr(event))
        return self.dispatch
