# Finally bodies whose normal-path copy and handler copy differ in layout
# (3.12+): a loop whose latch jump the exception table leaves out, a return
# the normal copy repeats in each path while the handler's paths join, and
# code after a nested try the handler's copy repeats in each path. And a
# try in an except clause whose paths each run on into their own copy of
# the enclosing clause's end (3.13).


def loop_in_finally_in_try(a, e):
    while True:
        try:
            try:
                x = 1
            finally:
                while a[x] == e:
                    x += 1
        except IndexError:
            break
    return x


def return_in_finally_after_try(self, t):
    try:
        if self.stdin:
            self.stdin.close()
    finally:
        if t == K:
            if self.s > 0:
                try:
                    self.wait_for()
                except TimeoutError:
                    pass
            self.s = 0
            return
        self.wait()


def try_in_finally_then_code(self, output):
    try:
        if output:
            output.close()
    finally:
        try:
            del self.readline
        except AttributeError:
            pass
        self.x = 1


def nested_try_in_clause_returns(arg):
    try:
        lineno = int(arg)
    except ValueError:
        try:
            code = arg.__code__
        except:
            ok = g(arg)
            if not ok:
                h()
                return
            lineno = 3
    k(lineno)

