# Code after a try whose except clause returns: the else clause or the code
# after the try. 3.12+ move the clauses to the end in both spellings and
# tell them apart only by the order co_names met the names in; names used
# before the try say nothing. (Likewise co_consts for None.)

def after_try_using_a_name_met_before(self, arg):
    # ('curindex' is met in the first test, before the clause's
    # 'ValueError', though the code after the try uses it too.)
    if self.curindex == 0:
        self.error('Oldest frame')
        return
    try:
        count = int(arg or 1)
    except ValueError:
        self.error('Invalid frame count (%s)' % arg)
        return
    if count < 0:
        newframe = 0
    else:
        newframe = max(0, self.curindex - count)
    self._select_frame(newframe)


def else_clause_using_a_name_met_before(self, arg):
    if self.curindex == 0:
        self.error('Oldest frame')
        return
    try:
        count = int(arg or 1)
    except ValueError:
        self.error('Invalid frame count (%s)' % arg)
        return
    else:
        if count < 0:
            newframe = 0
        else:
            newframe = max(0, self.curindex - count)
        self._select_frame(newframe)


def after_try_following_an_earlier_try(self, arg):
    # (3.12+ lay the first try's handler out between the second try's body
    # and its clauses: its '_print_invalid_arg' was met first.)
    if not arg:
        bnum = len(self.numbers) - 1
    else:
        try:
            bnum = int(arg)
        except:
            self._print_invalid_arg(arg)
            return
    try:
        self.get_bpbynumber(bnum)
    except ValueError as err:
        self.error('cannot set commands: %s' % err)
        return
    self.commands_bnum = bnum
    self.prompt = '(com) '


def loop_in_try_body_falling_off_the_end(c, sql, suppress_errors=True):
    """The implicit return after the loop is no `else: return None`: with a
    docstring in co_consts[0], 3.12+ place None where it was first met."""
    try:
        for row in c.execute(sql):
            print(row)
    except E as e:
        if not suppress_errors:
            sys.exit(1)


def else_raising_after_a_passing_clause(self):
    """With a docstring first in co_consts, None is where the compiler met
    it: 3.10 compile the else clause after the clauses too, so only the
    clause's copy of the implicit return, met last, tells."""
    try:
        self.throw(GeneratorExit)
    except (GeneratorExit, StopIteration):
        pass
    else:
        raise RuntimeError('coroutine ignored GeneratorExit')


def raise_after_a_returning_clause(self):
    """The clause's own `return` meets None before the raise's message."""
    try:
        self.throw(GeneratorExit)
    except (GeneratorExit, StopIteration):
        return
    raise RuntimeError('coroutine ignored GeneratorExit')


def after_try_in_a_loop_whose_clause_returns_none(self, tail_module, cache, is_namespace):
    """In a loop a clause falling off its end goes on with the loop: its
    `return None` (popping the iterator first) was written."""
    for suffix in self._loaders:
        try:
            full_path = _path_join(self.path, tail_module + suffix)
        except ValueError:
            return None
        _bootstrap._verbose_message('trying {}', full_path)
        if suffix in cache:
            return full_path
    if is_namespace:
        _bootstrap._verbose_message('possible')
        return 1
    return None


def else_in_a_loop_whose_clause_returns_none(self, tail_module, cache):
    for suffix in self._loaders:
        try:
            full_path = _path_join(self.path, tail_module + suffix)
        except ValueError:
            return None
        else:
            _bootstrap._verbose_message('trying {}', full_path)
            if suffix in cache:
                return full_path
    return None


def after_try_in_a_while_loop_whose_clause_returns(self, cache):
    while self.more():
        try:
            full_path = _path_join(self.path)
        except ValueError:
            return
        _bootstrap._verbose_message('trying {}', full_path)


def if_else_whose_branch_ends_in_a_try(self, arg):
    """Every path of the try falls off the end of the function through a
    copy of the implicit return: an if/else, not returns before the code
    after the if (which would meet None before the clause's message)."""
    if arg:
        try:
            del self.displaying.get(self.curframe, {})[arg]
        except KeyError:
            self.error('not displaying %s' % arg)
    else:
        self.displaying.pop(self.curframe, None)


# 3.12+ lay the code after the try that only a clause reaches right after
# that clause; the body's way on is then its else clause.
def clause_runs_on_into_code_after_try(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError as e:
        g(e)
    else:
        return get_loop()
    h()
    for x in fut:
        g(x)
    return fut._loop

def clause_return_and_clause_running_on(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        return fut._loop
    except KeyError:
        pass
    else:
        return get_loop()
    return 3

def clause_bare_return_else_return(fut):
    try:
        get_loop = fut.get_loop
    except AttributeError:
        return
    else:
        return get_loop()

def clause_runs_on_in_while(fut):
    while fut:
        try:
            get_loop = fut.get_loop
        except AttributeError:
            pass
        else:
            return get_loop()
        fut = fut.next
    return 5


def nested_try_in_clause_runs_on_to_clause_end(names, g, b, u):
    # The inner clause runs on into the outer clause's end, not into code
    # after the inner try that only it reaches.
    for name in names:
        try:
            g[name] = names[name]
        except KeyError:
            try:
                b[name] = names[name]
            except KeyError:
                u.add(name)
    return g
