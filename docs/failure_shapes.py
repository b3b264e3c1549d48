# Reproducers of the decompiler's remaining structuring failures (issue 3),
# reduced in session 8 from every "jump out of the structured region" /
# "code that the structuring did not reach" unit of the every-4th stdlib sweep.
# Not a test: these fail. Check one with
#     python3 tools/roundtrip_one.py 3.11 docs/failure_shapes.py NAME
# The per-version lines were measured before the last fixes of session 8
# (nested if/else three deep, loop-leaving conditions and the conditional
# value before a raise in a loop now pass); re-run before relying on them.
#
# Minimal reproducers for "jump out of the structured region" / "code that the
# structuring did not reach" failures of the stdlib sweep (session 8).
# Names are globals on purpose (x, g, E): on 3.12+ LOAD_GLOBAL vs LOAD_FAST
# conditions sometimes decide whether a shape fails.
# The per-version line above each def was written by a scratch script
# (round trip of that function under each interpreter, as roundtrip_one.py).


# S1 [7 units] loop body (or condition) ends in an if/else whose join point
# falls straight into an unconditional exit (break / return / raise).
# Units: 3.9 ParserBase.parse_declaration, 3.11 verify.__call__,
# 3.11 mbox._generate_toc, 3.11 PurePath.relative_to (if-expression as the
# condition), 3.13 StreamReader.readline, 3.13 Signature._bind,
# 3.13 _parse_flags.
# 3.8 error jump out, 3.9 error jump out, 3.10 EQUAL, 3.11 error jump out, 3.12 EQUAL, 3.13 EQUAL
def ifelse_join_then_break_in_loop():
    while True:
        if x:
            if x:
                g(1)
            else:
                g(2)
            break


# the 3.13 units need one more statement between the join and the exit:
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def ifelse_join_stmt_then_break_in_loop():
    while True:
        if x:
            if x:
                g(1)
            else:
                g(2)
            g(3)
            break


# 3.8 error jump out, 3.9 error jump out, 3.10 EQUAL, 3.11 error jump out, 3.12 EQUAL, 3.13 EQUAL
def ifelse_join_then_raise_in_for():
    for i in x:
        if x:
            g(1)
        else:
            g(2)
        raise E


# 3.8 error jump out, 3.9 error jump out, 3.10 bytecode differs, 3.11 error jump out, 3.12 bytecode differs, 3.13 bytecode differs
def ifexp_condition_then_raise():
    if (x if x else x):
        raise E


# S2 [7 units] try whose body has an early `return` inside an if, followed
# by an if/else, with except+else or except+finally / finally clauses.
# Units: 3.11 _ProactorReadPipeTransport._loop_reading,
# 3.11 _ProactorDatagramTransport._loop_writing / _loop_reading,
# 3.11 EditorWindow.newline_and_indent_event, 3.12 the same three
# proactor_events methods.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def try_if_return_then_ifelse_except_else():
    try:
        if x:
            return
        if x:
            g(1)
        else:
            g(2)
    except E:
        g(3)
    else:
        g(4)


# 3.8 EQUAL, 3.9 bytecode differs, 3.10 error did not reach(Jump), 3.11 error jump out, 3.12 bytecode differs, 3.13 error did not reach(Jump)
def try_if_return_then_ifelse_except_finally():
    try:
        if x:
            return
        if x:
            x
        else:
            x
    except E:
        x
    finally:
        x


# 3.8 EQUAL, 3.9 bytecode differs, 3.10 bytecode differs, 3.11 error jump out, 3.12 bytecode differs, 3.13 error jump out
def try_if_return_then_ifelse_assert_finally():
    try:
        if x:
            return 'break'
        if x:
            x
        else:
            assert 0, x
    finally:
        x


# S3 [8 units] try/except inside `while True`, the handler `continue`s and
# the loop body ends in `break` after the try.
# Units: 3.8/3.9/3.13 SharedMemory.__init__, 3.10 ZipFile.__init__,
# 3.8/3.9/3.11 _optimize_charset, 3.11 TarFile.next.
# 3.8 error jump out, 3.9 error jump out, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def if_while_true_try_except_continue_then_break():
    if x:
        while True:
            try:
                g()
            except E:
                continue
            break


# 3.10 ZipFile.__init__ variant (code after the if):
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 bytecode differs, 3.12 bytecode differs, 3.13 bytecode differs
def if_while_true_try_except_continue_then_break_then_call():
    if x:
        while True:
            try:
                pass
            except E:
                continue
            break
    x()


# 3.13 SharedMemory.__init__ variant:
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 EQUAL, 3.13 error jump out
def if_while_true_stmt_try_except_continue_then_break_else():
    if x:
        while True:
            x
            try:
                x
            except E:
                continue
            break
    else:
        x
    g()


# 3.8 error jump out, 3.9 error jump out, 3.10 bytecode differs, 3.11 error jump out, 3.12 other error, 3.13 other error
def while_true_try_ifelse_except_continue_then_break():
    while True:
        try:
            if x:
                g(1)
            else:
                g(2)
        except E:
            continue
        break


# 3.8 bytecode differs, 3.9 bytecode differs, 3.10 EQUAL, 3.11 error jump out, 3.12 bytecode differs, 3.13 bytecode differs
def while_true_try_except_if_continue_then_break():
    while True:
        try:
            x
        except E:
            if x:
                continue
        break
    if x:
        x
    else:
        x
    return x


# S4 [6 units] 3.12+: try/except inside a while (or an if) whose handler
# leaves (break / return) and more code follows the join.
# Units: 3.12 os.removedirs, 3.12 os.walk, 3.13 os.removedirs,
# 3.13 Pdb.default, 3.13 Pdb.do_break, 3.13 Pdb.do_list.
# Session 10: EQUAL on every version (the clause's copy of the loop's
# follow code is read as the break: while_break_copy_length).
def while_try_except_break():
    while x:
        try:
            g()
        except E:
            break


# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 EQUAL, 3.12 error jump out, 3.13 error jump out
def if_try_except_return_else():
    if x:
        try:
            g()
        except E:
            return
    else:
        x
    x
    x


# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 error jump out
def try_ifelse_except_return_then_code():
    try:
        if x:
            g(1)
        else:
            g(2)
    except E:
        return
    g(3)


# S5 [5 units] while-loop body: if/else join followed by `continue`
# (back edge taken straight from the join).
# Units: 3.11 _refold_parse_tree, 3.12/3.13 ElementInclude._include,
# 3.11 async_chat.initiate_send (the if/else is in an except handler),
# 3.13 re._parser._parse.
# 3.8 bytecode differs, 3.9 bytecode differs, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def while_ifelse_join_then_continue():
    while x:
        if x:
            if x:
                g(1)
            else:
                g(2)
            continue


# 3.8 EQUAL, 3.9 EQUAL, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def while_try_except_ifelse_then_continue():
    while x:
        try:
            g()
        except E:
            if x:
                g(1)
            else:
                g(2)
            continue


# S6 [4 units] an if-expression in a statement that is followed by `raise`
# inside a loop: fails on every version.
# Units: 3.10/3.12 pickletools._genops, 3.10/3.12 shutil.copyfile.
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def loop_ifexp_then_raise():
    for i in x:
        fn = x if x else x
        raise g(fn)


# 3.8 error jump out, 3.9 error jump out, 3.10 bytecode differs, 3.11 error jump out, 3.12 bytecode differs, 3.13 bytecode differs
def while_true_if_raise_with_ifexp_arg():
    while True:
        if x:
            raise g(x if x else x)


# S7 [4 units] inner loop whose body is just `break`, at the end of an outer
# loop body (3.10/3.11; 3.9 with the for-else variant).
# Units: 3.11 FeedParser._parsegen, 3.11 Pool._handle_tasks,
# 3.11 _FileInFile.read, 3.9 imp.find_module.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 error jump out, 3.11 error jump out, 3.12 EQUAL, 3.13 EQUAL
def while_true_for_break():
    while True:
        for i in x:
            break


# 3.8 EQUAL, 3.9 EQUAL, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def while_while_true_if_break():
    while x:
        while True:
            if x:
                break


# 3.8 bytecode differs, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 bytecode differs, 3.13 bytecode differs
def for_for_break_break_else_raise_then_with():
    for entry in x:
        for i in x:
            break
        break
    else:
        raise E
    if x:
        with x as file:
            g()


# S8 [3 units] a try nested in a try inside a loop, the inner handler
# leaves the loop (break / continue) -> "did not reach".
# Units: 3.8 InteractiveConsole.interact, 3.9 idlelib.run.main, 3.10 os._walk.
# 3.8 error did not reach(Jump), 3.9 error did not reach(Jump), 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def while_nested_try_inner_except_break():
    while 1:
        try:
            try:
                g()
            except E:
                break
        except E:
            g()


# 3.8 error did not reach(Jump), 3.9 error did not reach(Jump), 3.10 error did not reach(Jump), 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def while_nested_try_inner_except_continue():
    while 1:
        try:
            try:
                g()
            except E:
                continue
        except:
            g()


# S9 [3 units] `with` inside a loop whose body continue/breaks -> "did not
# reach" at LoadConst (3.8: a different with-statement error).
# Units: 3.9 MimeTypes.read_windows_registry, 3.13 MimeTypes._read_windows_registry,
# 3.9 sched.scheduler.run.
# 3.8 other error (BeginFinally: with statemen...), 3.9 error did not reach(LoadConst), 3.10 error did not reach(LoadConst), 3.11 error did not reach(LoadConst), 3.12 error did not reach(LoadConst), 3.13 error did not reach(LoadConst)
def for_with_if_continue():
    for i in x:
        with x:
            if x:
                continue


# 3.8 other error (BeginFinally: with stat...), 3.9 error did not reach(LoadConst), 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def while_true_with_if_break():
    while True:
        with x:
            if x:
                break


# S10 [3 units] try whose handler contains another try with a conditional
# return.
# Units: 3.8 dbm.whichdb, 3.11 Cmd.do_help ("did not reach"), 3.12 dbm.whichdb
# (jump out; try/finally inside try/except instead).
# 3.8 error did not reach(Jump), 3.9 error did not reach(Jump), 3.10 other error (LoadConst: excep...), 3.11 bytecode differs, 3.12 bytecode differs, 3.13 bytecode differs
def try_except_nested_try_if_return():
    try:
        return 1
    except E:
        try:
            if x:
                return 2
        except E:
            pass


# 3.8 error did not reach(Jump), 3.9 error did not reach(Jump), 3.10 EQUAL, 3.11 error did not reach(Jump), 3.12 EQUAL, 3.13 error did not reach(Jump)
def try_except_nested_try_if_return_then_return():
    try:
        g()
    except E:
        try:
            if x:
                return
        except E:
            pass
        return


# 3.8 bytecode differs, 3.9 bytecode differs, 3.10 EQUAL, 3.11 error jump out, 3.12 error jump out, 3.13 EQUAL
def try_try_finally_if_return_except():
    try:
        g()
        return 1
    except E:
        g()
    try:
        try:
            if x:
                return 2
        finally:
            g()
    except E:
        pass
    g()


# S11 [2 units] 3.8/3.9: three nested if/else, all with else branches.
# Units: 3.8 Compat32._fold, 3.8 _Call.__new__.
# 3.8 error jump out, 3.9 error jump out, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def nested_if_else_3_levels():
    if x:
        if x:
            if x:
                g(1)
            else:
                g(2)
        else:
            g(3)
    else:
        g(4)


# S12 [2 units] 3.11: `while True: try: if: break  except: ...`.
# Units: 3.11 BaseSelectorEventLoop._read_from_self, 3.11 _ResourceSharer._serve.
# 3.8 bytecode differs, 3.9 bytecode differs, 3.10 EQUAL, 3.11 error jump out, 3.12 EQUAL, 3.13 EQUAL
def while_true_try_if_break_except():
    while True:
        try:
            if x:
                break
        except E:
            break


# S13 [2 units] for-loop body is a try with an if/else and an early exit
# (continue / return).
# Units: 3.11 bdb.effective, 3.12 shutil._copytree.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 other error (Rotate: stack ...), 3.11 error jump out, 3.12 error jump out, 3.13 EQUAL
def for_try_ifelse_return_except_bare():
    for b in x:
        try:
            if x:
                g()
            else:
                return x
        except:
            g()


# 3.8 bytecode differs, 3.9 bytecode differs, 3.10 EQUAL, 3.11 error jump out, 3.12 error jump out, 3.13 bytecode differs
def for_try_if_continue_ifelse_except():
    for i in x:
        try:
            if x:
                continue
            if x:
                g(1)
            else:
                g(2)
        except E:
            g(3)


# S14 [2 units] 3.12+: try: while: if: continue ... except.
# Units: 3.12 LWPCookieJar._really_load, 3.12 MozillaCookieJar._really_load.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 EQUAL, 3.12 error jump out, 3.13 error jump out
def try_while_if_continue_except():
    try:
        while x:
            if x:
                continue
            g()
    except E:
        g()


# S15 [2 units] 3.13: if: try: if/elif/else raise / if-else; except; then
# code -> "did not reach".
# Units: 3.13 ExtendedInterpolation._interpolate_some,
# 3.13 AutoComplete.fetch_completions.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 error did not reach(Jump)
def if_try_if_elif_else_raise_except_then_code():
    if x:
        try:
            if x:
                g(1)
            elif x:
                g(2)
            else:
                raise E
        except E:
            g(3)
        g(4)


# 3.8 EQUAL, 3.9 EQUAL, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 error did not reach(Jump)
def if_try_ifelse_except_bare_else_then_code():
    if x:
        try:
            if x:
                g(1)
            else:
                y = g(2)
        except:
            g(3)
    else:
        g(4)
    g()


# S16 [2 units] a loop directly after a join whose other path raised or
# was an exception handler.
# Units: 3.11 Aifc_read.initfp (every version), 3.10 pyclbr._main (3.10 only).
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def if_elif_else_raise_then_while():
    if x:
        g(1)
    elif x:
        g(2)
    else:
        raise E
    while 1:
        g(3)


# 3.8 EQUAL, 3.9 EQUAL, 3.10 error jump out, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def try_except_bare_then_while():
    try:
        g(1)
    except:
        g(2)
    while x:
        g(3)


# S17 [1 unit] 3.10 netrc._parse: nested while 1 with if/if-break/else-raise.
# 3.8 error jump out, 3.9 error jump out, 3.10 error jump out, 3.11 error jump out, 3.12 error jump out, 3.13 error jump out
def while_while_if_if_break_else_raise():
    while 1:
        g()
        while 1:
            if x:
                if x:
                    break
                else:
                    raise x


# S18 [1 unit] 3.8 cgi.FieldStorage.read_multi: `while True: if a or b >= c > 0:
# break` -> "did not reach"; on 3.8/3.9 only once the jumps need EXTENDED_ARG
# (3.10, 3.12, 3.13 fail even when small).
# 3.8 EQUAL, 3.9 EQUAL, 3.10 error did not reach(Jump), 3.11 bytecode differs, 3.12 error did not reach(Jump), 3.13 error did not reach(Jump)
def while_true_if_or_chained_compare_break():
    while True:
        if x or x >= x > 0:
            break


# S19 [1 unit] 3.11 concurrent.futures.thread._worker: try: while True: if: ... return.
# 3.8 error did not reach(LoadConst), 3.9 error did not reach(LoadConst), 3.10 error did not reach(LoadConst), 3.11 error did not reach(LoadConst), 3.12 bytecode differs, 3.13 bytecode differs
def try_while_true_if_return_except():
    try:
        while True:
            if x:
                if x:
                    g()
                return
    except E:
        g()


# S20 [1 unit] 3.11 SimpleHTTPRequestHandler.send_head: "did not reach" at
# ReturnValue, every version.
# 3.8 error did not reach(ReturnValue), 3.9 error did not reach(ReturnValue), 3.10 error did not reach(ReturnValue), 3.11 error did not reach(ReturnValue), 3.12 error did not reach(ReturnValue), 3.13 error did not reach(ReturnValue)
def try_nested_if_return_none_then_return_except_raise():
    try:
        if x:
            g()
            if x:
                return None
        return f
    except:
        raise


# S21 [1 unit] 3.13 email._encoded_words.decode_b: return of a tuple with an
# if-expression inside try -> "did not reach" at ReturnValue.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 error did not reach(ReturnValue), 3.11 EQUAL, 3.12 error did not reach(ReturnValue), 3.13 error did not reach(ReturnValue)
def try_return_tuple_with_ifexp():
    try:
        return (x, x if x else x)
    except E:
        g()


# S22 [1 unit] 3.13 BaseCookie.__parse_string: while with a chained compare,
# if: continue, then assert.
# 3.8 EQUAL, 3.9 EQUAL, 3.10 bytecode differs, 3.11 bytecode differs, 3.12 error jump out, 3.13 error jump out
def while_chained_compare_if_continue_then_assert():
    while 0 <= i < n:
        if x:
            continue
    assert x


# S23 [1 unit] 3.8 uu.decode: while True: try: break except: pass; then if/else.
# 3.8 error jump out, 3.9 error jump out, 3.10 bytecode differs, 3.11 bytecode differs, 3.12 bytecode differs, 3.13 bytecode differs
def while_true_try_break_except_pass_then_ifelse():
    while True:
        try:
            break
        except E:
            pass
    if x:
        g(1)
    else:
        g(2)


# S24 [1 unit] 3.9 ProactorEventLoop.start_serving_pipe (its nested
# loop_accept_pipe): try: if: ...; if: return  except -> "did not reach".
# 3.8 error did not reach(Jump), 3.9 error did not reach(Jump), 3.10 bytecode differs, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def try_if_nested_return_except():
    try:
        if x:
            g()
            if x:
                return
    except E:
        g()


# --- Not reduced below ~30 lines (the automatic reducer got stuck: removing
# more statements changes the failure).  3.8/3.9 only; possibly related to S11.
# [1 unit] 3.8 HelpFormatter._format_actions_usage
# 3.8 error jump out, 3.9 error jump out, 3.10 EQUAL, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def unreduced_argparse_format_actions_usage():
    for group in x:
        end = x + x(x._group_actions)
        x.add()
        if not x.required:
            if x in x:
                x[x] += ' ['
            else:
                x[x] = '['
            if x in x:
                x[x] += ']'
            else:
                x[x] = ']'
        else:
            if x in x:
                x[x] += ' ('
            else:
                x[x] = '('
            if x in x:
                x[x] += ')'
            else:
                x[x] = ')'
    if x.help is x:
        x.append(None)
        if x.get(i) == '|':
            x.pop(i)
        elif x.get(i + 1) == '|':
            x.pop(i + 1)
    else:
        x


# [2 units] 3.8 / 3.9 platform.libc_ver
# 3.8 error jump out, 3.9 error jump out, 3.10 bytecode differs, 3.11 EQUAL, 3.12 EQUAL, 3.13 EQUAL
def unreduced_platform_libc_ver():
    if x(x, 'realpath'):
        g()
    with x(x, 'rb') as f:
        binary = f.read(x)
        while x < x(x):
            if b'libc' in x or b'GLIBC' in x:
                m = x.search(x, x)
            else:
                x
            if x or x() == x(x):
                chunk = f.read(x)
                if x:
                    binary = x[x(x, x(x) - 1000):] + x
                    g()
                if x:
                    break
            libcinit, glibc, glibcversion, so, threads, soversion = [x for s in x()]
            if x and x:
                x
            elif x:
                if x != 'glibc':
                    g()
                    g()
                elif V(x) > V(x):
                    g()
            else:
                g()
                if x:
                    g()
            x


# Session 9: a for loop in an except clause whose body holds two tries, the
# second one's body breaking: 3.10/3.12/3.13 "the except clause is left from
# inside a loop in it" (3.8/3.9/3.11 equal). linecache.updatecache.
def for_in_clause_two_tries_break(g, h, ys):
    try:
        stat = g(0)
    except OSError:
        for y in ys:
            try:
                name = h(y)
            except (TypeError, AttributeError):
                continue
            try:
                stat = g(name)
                break
            except OSError:
                pass
        else:
            return []
    return stat


# Session 9: return inside a finally body that holds its own try/except
# (subprocess Popen.__exit__ now equal on 3.9-3.11/3.13); these reduced
# forms still fail: return_in_finally_after_try 3.12 "the normal path does
# not repeat the finally body"; return_in_finally_with_try 3.10/3.13 same.
def return_in_finally_after_try(self, exc_type):
    try:
        g()
    finally:
        if exc_type == K:
            if self.s > 0:
                try:
                    self.w()
                except T:
                    pass
            self.s = 0
            return
        self.wait()


def return_in_finally_with_try(self, exc_type):
    try:
        g()
    finally:
        if exc_type == K:
            try:
                self.w()
            except T:
                pass
            return
        self.wait()


# Session 9: 3.12/3.13 "the normal path does not repeat the finally body"
# (unittest.util.sorted_list_difference): the finally copy's backward
# JUMP is outside the exception table in both copies (handler -1), which
# match_finally_copy reads as a nested handler. Letting it through exposed a
# second bug: the outer `while 1:` then took the handler copy's inner loop
# header as its follow and printed that copy again after the loop
# (unreachable, but wrong); so the error stays until the follow is right.
def while_true_try_try_finally_loop_except_break(expected, i, j, e, a):
    while True:
        try:
            try:
                while expected[i] == e:
                    i += 1
            finally:
                j += 1
                while a[j] == a:
                    j += 1
        except IndexError:
            break
    return i


# Session 10 reductions of units that still fail.
# re._compiler._optimize_charset 3.11 (3.12/3.13 the same shape): a `while
# True:` ending a for body, whose try body holds an if/else and whose clause
# continues or runs on into the break after the try. Without the if/else it
# passes (tests/python/decompile_cases/loops_jumps_py310.py); with it the
# loop's header is the if's test and the try is walked from inside the if.
# 3.8 differs, 3.9 differs, 3.10 EQUAL, 3.11-3.13 error jump out
def for_while_true_try_if_except_continue_break(charset, g):
    for op, av in charset:
        while True:
            try:
                if op == 1:
                    g(1)
                else:
                    g(3)
            except IndexError:
                if g(4):
                    continue
                g(5)
            break


# os.walk 3.12: a while loop (3.12 inverted) whose body holds a with around
# `while True: try: ... except E: cont = True; break` and then `if cont:
# continue`. 3.13 EQUAL; 3.8 error, 3.9 differs, 3.12 error jump out.
def while_with_while_true_try_break_flag(stack, g):
    while stack:
        cont = False
        with g:
            while True:
                try:
                    entry = next(g)
                except OSError as error:
                    cont = True
                    break
                g(entry)
        if cont:
            continue
        g(1)


# multiprocessing.pool Pool._handle_tasks 3.9-3.13: a for body that is a
# try/finally around `for ...: if c: break` + `else: continue` + `break`.
# 3.8 error, 3.9-3.13 error jump out.
def for_try_for_else_continue_break_finally(q, g):
    for t in q:
        try:
            for task in t:
                if g(0):
                    break
            else:
                continue
            break
        finally:
            t = None
    else:
        g(1)
    g(2)


# 3.10 "except clause with several ends" (≤3.9, 3.11+ EQUAL): a named clause
# with `if c(e): return None` whose end runs into 3.10's copy of `return
# g(1)`; the name unbinding sits between each POP_EXCEPT and its return, and
# the re-walk that reads the copied end as the clause's end does not fire
# (tests/python/behaviour_cases/except_return_shapes.py return_in_clause_if).
def return_in_clause_if(c, g):
    try:
        g()
    except SyntaxError as e:
        if c(e):
            return None
    return g(1)



# Session 10 (retcopy helper): 3.12/3.13 a for loop ending an elif branch
# of a final if chain prints its exit's copy of the implicit return as
# `return None` after the loop (kept, probably as a shared `written` return
# of the for exit), so None enters co_consts too early (mailbox
# MHMessage._explain_to / BabylMessage._explain_to 3.12 and 3.13).
# 3.8-3.11 pass.
def elif_for_then_elif_pass(self, message):
    """Doc."""
    if isinstance(message, int):
        message.a("x")
    elif isinstance(message, str):
        for s in self.get():
            message.add(s)
    elif isinstance(message, bytes):
        message.b("y")
    elif isinstance(message, float):
        pass
    else:
        raise TypeError("Cannot convert: %s" % type(message))


# Session 11 (new13 helper): three nested `except` clauses each returning,
# 3.11-3.13: the innermost `return e` unwinds with SWAP 2; POP_EXCEPT three
# times and is read as `pass` + `return __depyf_unknown_previous_exception`
# (email._encoded_words.decode_b 3.13). WRONG OUTPUT, caught only as a
# bytecode difference: an output naming __depyf_unknown_* should become a
# DecompilationError (kept bytecode) instead. Two levels work.
def three_nested_clause_returns(e):
    try:
        return g(e)
    except E:
        try:
            return g(e, 1)
        except E:
            try:
                return g(e, 2)
            except E:
                return e


# Session 11: a while loop in a for loop of a generator, 3.12/3.13: the
# generator's exception table leaves out the late JUMP_BACKWARDs and the
# loop comes out as `if x: while True: ... if not x: break` (difflib
# HtmlDiff._line_wrapper 3.13). The same code in a plain function passes.
def generator_while_in_for(d):
    for a in d:
        x = g()
        while x:
            yield x


# Session 11: an if/elif chain whose branches return conditional values,
# 3.12/3.13 (RETURN_CONST copies): read as one nested conditional
# expression `return (a if .. else b) if not b[0] else ...` (json
# detect_encoding 3.12). Same behaviour, different bytecode.
def returns_of_conditional_values(b):
    if len(b) >= 4:
        if not b[0]:
            return 'a' if b[1] else 'b'
        if not b[1]:
            return 'c' if b[2] or b[3] else 'd'
    elif len(b) == 2:
        if not b[0]:
            return 'e'
    return 'f'


# Session 11 (new13 helper): a for/else inside an except clause, 3.13: the
# break's pop of the iterator, POP_EXCEPT and jump to the try's join lie
# inline before END_FOR, and the walk meets a POP_EXCEPT ending the clause
# inside the loop ("the except clause is left from inside a loop in it";
# inspect._getmembers 3.13). 3.8-3.12 pass.
def for_else_in_clause(names, mro, getter):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                continue
        g(value)


# Session 11: `try: ... except E [as e]: continue / else: break` in a for
# loop with an else clause: 3.8/3.9 pass (unnamed; named on 3.9), 3.8 named
# clause (CALL_FINALLY) puts the break after the try, 3.10/3.12/3.13 differ
# (platform._syscmd_ver). Same behaviour.
def for_try_else_break(cmds, system):
    for cmd in cmds:
        try:
            info = g(cmd)
        except OSError as why:
            continue
        else:
            break
    else:
        return system
    return info.strip()


# Session 12: `if filter is None or filter(x) and c(x) != d(x): body` ending
# a for loop inside a with: 3.12+ turn the tests' backward conditional jumps
# into a forward jump and a JUMP_BACKWARD that the exception table leaves
# unprotected; written `continue`s (as read now) are protected. Same
# instructions, different exception table (zipapp.create_archive, 3.13).
def for_or_and_condition_in_with(source, filter, z):
    with open(source) as fd:
        for child in fd:
            if filter is None or filter(child) and child.strip() != child:
                z.write(child)
# Session 12 (w10): a while loop whose body is a try ending in `if c:
# return i`, the clause breaking to a raise after the loop, 3.12/3.13:
# "jump out of the structured region" at the loop's JUMP_BACKWARD (which
# lands on the try's NOP). With code before the loop testing the
# arguments (_collections_abc Sequence.index) it passes.
def while_try_return_in_body_clause_breaks(self, value, i, stop):
    while stop:
        try:
            v = self[i]
            if v is value or v == value:
                return i
        except IndexError:
            break
        i += 1
    raise ValueError


# Session 12 (w10): a `return tag` in a nested while loop of a `while 1:`
# with `if __debug__:` blocks and a final `if not x: break` before
# `return tag`, 3.8-3.11: co_consts order differs (True of the __debug__
# blocks vs the 1 of `while 1`; imaplib IMAP4._command). Also in a
# `with`: `try: f(); return None` inside an except clause, 3.10, read as
# `else: return None` (codeop._maybe_compile).


# Session 12 (old helper): a `while True:` whose body always ends in the
# `break` written after a try whose clause falls off its end (a loop that
# never loops unless a clause continues): differs on every version 3.8-3.13
# (with `if g(op): continue` in the clause, sre_compile _optimize_charset,
# 3.8-3.10 pass).
def while_true_try_then_break(charset, f, g):
    for op in charset:
        while True:
            try:
                f(op)
            except IndexError:
                g(0)
            break


# Session 13 (v13): a for/else inside an except clause, its body breaking,
# its else `continue` (of the loop around the try), 3.13: the clause's end
# (POP_EXCEPT; JUMP past the try) has no line and is copied into the
# break's jump, and the for/else never reaches it otherwise: "the except
# clause is left from inside a loop in it" (inspect._getmembers). Reading
# the break's POP_EXCEPT as a clause end plus `break` loses the else clause
# (the `continue` is written after the loop: wrong behaviour), so the loop's
# follow must become that copy first.
def for_else_continue_in_clause(names, mro, getter, results):
    for key in names:
        try:
            value = getter(key)
        except AttributeError:
            for base in mro:
                if key in base:
                    value = base[key]
                    break
            else:
                continue
        results.append(value)


# Session 13 (v13): a while loop ending an except clause's body inside an
# outer for loop, 3.13: "FOR_ITER outside a recognised loop" (the clause's
# end is copied into the while's exits).
def while_ending_clause_in_for(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                h(1)


# Session 13: a with body ending in `break` in a while loop with an else
# clause: 3.10+ the break runs its own copy of the code after the loop
# statement (after the else), which was read as code after the with (wrong
# when __exit__ suppresses an exception: the loop went on); now a
# DecompilationError on 3.10-3.13 ("with body leaving by an exit that is
# not understood"). Exact would need the break-to-copy reading in
# loop_jump_through_with_exit to know where the else clause ends.
def break_ends_with_in_while_else(items, h, log):
    while items:
        with h(items.pop()):
            log.append(1)
            break
    else:
        log.append(9)
    return log


# Session 13: a with (or try/finally) statement in an except clause
# followed by a `break` (or a with whose body continues, then `break`)
# ending the clause in a for loop, 3.13: "stack underflow" at the clause's
# POP_EXCEPT (3.8-3.12 exact; 3.12 too when code follows the loop). The
# loop's follow is taken to be the break's POP_EXCEPT (the with's exits
# jump there), so the jump to it reads as the break and the walk after the
# loop starts at that POP_EXCEPT.
def with_then_break_in_clause(items, h, g, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm:
                g(1)
            break


def try_finally_then_break_in_clause(items, h, g):
    for x in items:
        try:
            h(x)
        except KeyError:
            try:
                g(0)
            finally:
                g(1)
            break


# Session 13 (v1012): in a finally body, `if a and not b: try: ... except
# E: pass` then a statement: 3.12/3.13 read the statement into both
# branches of an if/else (fileinput FileInput.nextfile 3.12, differs);
# 3.10 error.
def finally_if_try_then_store(self, g):
    try:
        g(1)
    finally:
        name = self.name
        if name and not self.backup:
            try:
                g(name)
            except OSError:
                pass
        self.flag = False


# Session 14 (probe): while/else ending a finally body, left by break: the
# break (a jump to, or 3.10+ a copy of, the handler copy's closing RERAISE)
# was read as a bare `raise` (3.9+) or dropped (3.8: the loop then never
# ended), the else clause written after the loop, where it also ran after
# the break (WRONG BEHAVIOUR). Refused since session 14 (probe2), every
# version: "break out of a while loop ending a finally body, past its else
# clause".
def while_else_break_ending_finally(a, b):
    try:
        f()
    finally:
        while a:
            if b:
                a = 0
                continue
            break
        else:
            g()
    return "end"


# Session 14 (probe): the same for a for/else is refused ("break to the
# re-raise ending a finally body, past code after its loop"), 3.10+.
def for_else_break_ending_finally(items, b):
    try:
        f()
    finally:
        for x in items:
            if b:
                continue
            break
        else:
            g()
    return "end"


# Session 14 (probe): WRONG BEHAVIOUR, 3.10. while/else whose only break
# is in a named except clause, with code after the loop: the clause's
# break (POP_EXCEPT; unbinding; JUMP past the else) is taken for the try's
# join, so the code after the loop is written inside the loop body after
# the try and the clause's fall-through (back to the loop test) runs it:
# `while n < 3: ... try: f() except E as e: if not n == 2: g()` then
# `h(); return 'end'` inside the loop.
def while_else_break_in_named_clause(n):
    while n < 3:
        n += 1
        try:
            f()
        except Exception as e:
            if n == 2:
                break
            g()
    else:
        return "else"
    h()
    return "end"


# Session 14 (mid): a generic class with `*` bases or `**` keywords: the
# __build_class__ CALL_FUNCTION_EX inside the generic parameters function
# (`.generic_base` appended to the list): "generic parameters function of
# an unknown shape" (DecompilationError, 3.12/3.13; the plain form is
# fixed by class_call_ex.cpp).
# def generic_class_with_star_bases(Base, m):
#     class Box[T](*Base, **m):
#         pass
#
#     return Box


# Session 14 (mid): 3.11 an if ending a try body that returns, the else
# clause returning a constant and a `return` after the try: differs on 3.11
# (3.12/3.13 equal).
def try_if_return_else_clause_returns(parts, g):
    try:
        if parts or g:
            return True
    except (AttributeError, ValueError):
        g(1)
    else:
        return False
    return None


# Session 14 (mid): a try body of only `return` inside a loop, with a
# finally: 3.12/3.13 leave nothing protected and the try is lost (`a();
# return None`, same behaviour, differs); 3.9/3.11 differ, 3.8 error.
def loop_try_return_finally(a):
    for x in a:
        try:
            return
        finally:
            a()


# Session 14 (brk): 3.13, a while/else ending an except clause in a for
# loop, its body breaking, its else `continue` (of the outer loop): "the
# except clause is left from inside a loop in it" (the break runs a copy of
# the clause's end, the else's `continue` a jump back of its own; the
# while's follow is not found). The same without the else, or a for/else,
# now pass.
def while_else_continue_in_clause(items, h, c):
    for x in items:
        try:
            h(x)
        except KeyError:
            while c:
                if h(1):
                    break
                h(2)
            else:
                continue
        h(3)


# Session 14 (brk): a `while True:` loop as the whole body of a try inside
# a while loop (heapq.merge 3.13): 3.12/3.13 "jump out of the structured
# region"; 3.11 differs (read as `while True: try: ...; continue` with the
# outer test repeated in an if: same behaviour).
def while_true_try_body_in_while(h, g):
    while len(h) > 1:
        try:
            while True:
                g(h)
        except StopIteration:
            g(0)
    if h:
        g(1)


# Session 14 (brk): a with statement then `break` ending an except clause
# nested in another clause in a for loop: 3.10-3.12 differ (a `continue`
# written after the inner try's body: same behaviour); 3.13 exact (3.12/
# 3.13 were "stack underflow" before starts_clause_break took the break's
# two POP_EXCEPTs).
def with_then_break_in_nested_clause(A, h, g):
    for a in A:
        try:
            h(a)
        except KeyError:
            try:
                h(0)
            except ValueError:
                with g:
                    h(1)
                break
    g(2)


# Session 14 (brk): with_then_break_in_clause with a for/else, 3.9-3.11
# "jump out of the structured region" (3.12/3.13 pass).
def with_then_break_in_clause_for_else(items, h, g, cm):
    for x in items:
        try:
            h(x)
        except KeyError:
            with cm:
                g(1)
            break
    else:
        g(3)
    g(2)


# Session 14 (probe2): `return` ending a for loop's body inside a try
# body, 3.12+ (the `return CONSTANT` lies outside the protection, past the
# iterator's POP_TOP), or any return in a try body with `finally: return`
# (3.11+: each is a copy of the finally body, read as copies of the code
# after the try). Was WRONG BEHAVIOUR (the return lost: `for j in a:
# pass`); now refused: "for loop body that drops its iterator and runs on".
def return_ending_for_body_in_try(items, log):
    try:
        for j in items:
            return 1
        log.append("x")
    except ValueError:
        pass
    log.append("y")

