# Where the code after a try body goes when every except clause leaves
# (3.10+; <=3.9 still print this else clause after the try).

def else_clause_holding_a_try_after_returning_clause(self):
    # Every clause leaves; the else clause catches the same exception type
    # as the clause: 3.12+ tell it from code after the try by the place of
    # the else clause's own name ('wait') against the clause's ('OSError').
    try:
        self.proc.kill()
    except OSError:
        return
    else:
        try:
            self.proc.wait()
        except OSError:
            return


def else_clause_following_an_earlier_try(self, arg):
    # (3.12+ lay the first try's handler out between the second try's body
    # and its clauses: its '_print_invalid_arg' was met first; <=3.9 print
    # this else clause after the try.)
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
    else:
        self.commands_bnum = bnum
        self.prompt = '(com) '


def else_ending_in_the_implicit_return(self):
    """The else clause's implicit return meets None last: no sign of order."""
    try:
        self.finish_content()
    except:
        if hasattr(self.result, 'close'):
            self.result.close()
        raise
    else:
        self.close()


def else_clause_returning_after_clause_that_passes(self):
    # The clause falls off the end (its copy of the implicit return met
    # None last); the else clause's `return` meets it too.
    try:
        blocks = len(self.result)
    except (TypeError, AttributeError):
        pass
    else:
        if blocks == 1:
            self.headers['Content-Length'] = str(self.bytes_sent)
            return
