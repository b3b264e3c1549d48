# match statements (3.10+): the subject stays on the stack across the cases.
# Every function here must decompile and recompile to the same bytecode.


def match_literals(x):
    match x:
        case 1:
            return 'one'
        case 'two':
            return 2
        case b'three':
            return 3
    return None


def match_assigns_then_falls_out(x):
    match x:
        case 1:
            a = 1
        case 'k':
            a = 2
    return a


def match_singletons_and_dotted(x):
    match x:
        case None:
            return 1
        case C.RED:
            return 2
        case True:
            return 3
        case -1:
            return 4
    return 0


def match_capture_with_guard(x):
    match x:
        case 0:
            return 'zero'
        case y if y > 0:
            return y
        case 5:
            return 5
    return 0


def match_default(x):
    match x:
        case 1:
            r = 'a'
        case 2.5:
            r = 'b'
        case _:
            r = 'c'
    return r


def match_guard_on_value(x, flag):
    match x:
        case 1 if flag:
            return 1
        case 2 if flag and x:
            return 2
        case 3:
            return 3
    return 0


def match_in_loop(items):
    total = 0
    for item in items:
        match item:
            case 'stop':
                break
            case 'skip':
                continue
            case 1:
                total += 1
            case _:
                total += 2
    return total


def match_dotted_chain(x):
    match x:
        case a.b.c:
            print('abc')
        case a.d:
            print('ad')
    print('done')


def match_or_patterns(x):
    match x:
        case 1 | 2:
            a = 1
        case 'x' | 'y' | 'z':
            a = 2
        case 6:
            a = 3
    return a


def match_or_pattern_with_guard(x, flag):
    match x:
        case 1 | 2 if flag:
            print(1)
        case K.A | K.B:
            print(2)
        case _:
            print(3)


def match_or_pattern_last(x):
    match x:
        case 0:
            a = 0
        case None | True:
            a = 1
    return a



def match_value_cases_in_loop_without_default(table, is_local):
    """A docstring (a body must not repeat it)."""
    d = {}
    if table.methods is None:
        for st in table.children:
            if is_local(st.name):
                match st.type:
                    case K.FUNCTION:
                        if st.name == 'genexpr':
                            continue
                        d[st.name] = 1
                    case K.TYPE_PARAMETERS:
                        for c in st.children:
                            if c.name == st.name:
                                d[c.name] = 2
                                break
    return d


def match_last_case_none_in_loop(items):
    n = 0
    for x in items:
        match x:
            case 0:
                n += 1
            case None:
                n += 2
    return n


def match_ends_function(x):
    match x:
        case 1:
            print('one')
        case 2:
            print('two')
