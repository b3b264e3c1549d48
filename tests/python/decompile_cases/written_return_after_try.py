# A `return` written after a try statement whose except clauses all return
# or raise: only the try body reaches it. 3.10 and 3.11 copy a small exit
# block with no line of its own into the jump to it, so a jump left in
# place went to a return the source wrote (boltons fileutils.mkdir_p).


def mkdir_p(path):
    try:
        os.makedirs(path)
    except OSError as exc:
        if exc.errno == errno.EEXIST and os.path.isdir(path):
            return
        raise
    return


def context_or_none(silent):
    try:
        return _local.stack[-1]
    except (AttributeError, IndexError) as e:
        if not silent:
            raise RuntimeError("no context") from e
    return None


def clause_returns_value(path):
    try:
        g(path)
    except OSError:
        return False
    return


# (Not the implicit return after a with statement whose handler falls into
# a copy of it laid out just before: the with's own jump goes to the
# other, click BaseCommand.main 3.11.)
def with_in_try_then_implicit_return(self, args, standalone_mode):
    try:
        try:
            with self.make_context(args) as ctx:
                rv = self.invoke(ctx)
                if not standalone_mode:
                    return rv
                ctx.exit()
        except (EOFError, KeyboardInterrupt) as e:
            echo(file=sys.stderr)
            raise Abort() from e
        except ClickException as e:
            if not standalone_mode:
                raise
            e.show()
            sys.exit(e.exit_code)
    except Exit as e:
        if standalone_mode:
            sys.exit(e.exit_code)
        else:
            return e.exit_code
