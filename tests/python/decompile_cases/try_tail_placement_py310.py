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
