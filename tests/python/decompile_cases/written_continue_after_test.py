# `if not x: continue` right after a test in a loop: 3.12+ jump over a
# JUMP_BACKWARD of the continue's own line, where an if ending the body jumps
# over the loop's own jump back, on the if's line.


def skip_blank_lines(read, load):
    while 1:
        line = read().lstrip()
        if not line:
            continue
        try:
            obj = load(line)
        except ValueError:
            continue
        return obj


def skip_then_work(read, work):
    while 1:
        line = read()
        if not line:
            continue
        work(line)


def skip_in_tested_loop(source, work):
    while source.open:
        line = source.read()
        if not line:
            continue
        return work(line)


def if_ends_body(items, work):
    for item in items:
        if item:
            work(item)
