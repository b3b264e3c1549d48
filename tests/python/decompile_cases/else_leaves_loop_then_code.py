# An if statement in a loop whose else clause only leaves (break, continue,
# return), followed by more body code: the first branch jumps over the else
# clause to that code, which is the if's end, not more of the first branch.
# (Read as `while a:` or with the code moved into the branch, that jump is
# lost.) boltons tbutils ParsedException.from_string has this shape.


def endless_break(a, b):
    n = 0
    while True:
        if a(n):
            if b(n):
                n += 1
        else:
            break
        n += 1
    return n


def endless_break_plain(a):
    n = 0
    while True:
        if a(n):
            n += 2
        else:
            break
        n += 1
    return n


def tested_break(a, c):
    n = 0
    while c(n):
        if a(n):
            n += 2
        else:
            break
        n += 1
    return n


def tested_continue(a, c):
    n = 0
    while c(n):
        if a(n):
            n += 2
        else:
            continue
        n += 1
    return n


def for_continue(a, items):
    n = 0
    for x in items:
        if a(x):
            n += x
        else:
            continue
        n += 1
    return n


def endless_return(a):
    n = 0
    while True:
        if a(n):
            n += 2
        else:
            return n
        n += 1


def parse_frames(lines, frame_re, under_re):
    frames = []
    line_no = 0
    while True:
        match = frame_re(lines[line_no])
        if match:
            frame = {}
            try:
                nxt = lines[line_no + 1]
            except IndexError:
                nxt = ""
            if frame_re(nxt) or not nxt.startswith(" "):
                frame["source"] = ""
            else:
                frame["source"] = nxt
                line_no += 1
            if under_re(lines[line_no + 1]):
                line_no += 1
        else:
            break
        line_no += 1
        frames.append(frame)
    return frames, line_no


def measure_whitespace(line, pos, end, tabsize):
    # (≤3.9 thread the elif's jump through the dead `else: break` too: that
    # alone says nothing about the loop's own test.)
    column = 0
    while pos < end:
        if line[pos] == " ":
            column = column + 1
        elif line[pos] == "\t":
            column = (column // tabsize + 1) * tabsize
        elif line[pos] == "\f":
            column = 0
        else:
            break
        pos = pos + 1
    return column, pos
