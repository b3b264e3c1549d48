# `if not a < b <= c: continue` in a loop: ≤3.9 jump from the end of the
# chain into the first branch, past the cleanup of the middle operand, to
# that `continue` (or threaded through it to the loop's start). As `if
# ...: pass` plus an else clause the branch would jump forward over the
# else clause instead (dateutil _iterinfo.rebuild, pycparser validate_rules).


def chain_continue(xs, m):
    for n in xs:
        if not 0 < n <= m:
            continue
        g(n)


def chain_pass_else(xs, m):
    for n in xs:
        if not 0 < n <= m:
            pass
        else:
            g(n)


# The loop's start needs an EXTENDED_ARG (past offset 255): ≤3.9 do not
# thread a jump over an else clause to it (the peephole optimizer never
# grows an instruction), so a first branch ending in that jump back wrote
# `continue` (pycparser LexerReflect.validate_rules).
def far_loop_start(xs, m, tokens):
    g(m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m,
      m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m,
      m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m,
      m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m, m,
      m, m, m, m, m, m, m, m)
    for n in xs:
        if not 0 < n <= m:
            continue
        if n == 'error':
            g(n)
            continue
        if n not in tokens and n.find('ignore_') < 0:
            g(tokens)
            continue
        try:
            c = h(n)
        except KeyError as e:
            g(e)


# ... but not the jump back of an inner if's `continue` ending the first
# branch, the inner test falling through past it (dateutil gettz nocache).
def far_loop_start_inner_continue(xs, name):
    g(name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name, name, name, name,
      name, name, name, name, name, name, name, name, name, name, name, name)
    for path in xs:
        filepath = j(path, name)
        if not isfile(filepath):
            filepath = filepath.replace(' ', '_')
            if not isfile(filepath):
                continue
        try:
            t(filepath)
        except (IOError, ValueError):
            pass
