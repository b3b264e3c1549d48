# `if c or d: continue` ending an if's body in a loop: ≤3.9 thread c's
# jump to the continue straight to the loop's header, so c and d's branch
# reach the same place by different jumps (unittest.suite TestSuite.run).


def or_continue(xs, a, b, g):
    for x in xs:
        if a(x):
            g(1)
            if a(2) or b(3):
                continue
        g(x)


def and_continue(xs, a, b, g):
    for x in xs:
        if a(x):
            g(1)
            if a(2) and b(3):
                continue
        g(x)


def if_pass_elif_continue(xs, a, b, g):
    for x in xs:
        if a(x):
            pass
        elif b(x):
            continue
        else:
            g(x)


def while_or_continue(xs, a, b, g):
    while xs:
        if a(xs.pop()) or b(1):
            continue
        g(2)


def or_not_continue_then_code(lines, out):
    for line in lines:
        line = line.strip()
        if line.startswith("#") or not line:
            continue
        out.append(line)


# (A nested loop's break, its jump threaded to the outer loop's header, is
# no continue: pstats Stats.get_sort_arg_defs.)
def nested_while_break_to_outer_header(words, table, bad):
    for word in words:
        fragment = word
        while fragment:
            if not fragment:
                break
            if fragment in table:
                bad[fragment] = 0
                break
            table[fragment] = word
            fragment = fragment[:-1]
