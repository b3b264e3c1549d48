"""A for/else inside a for loop whose else clause continues the outer loop:
the code after the inner loop, reached only by its breaks, breaks the outer
loop; the outer loop's else clause returns (email.header._append_chunk)."""


def place(line, chars, n):
    for ch in chars:
        for i in range(n, 0, -1):
            if ch == line[i]:
                break
        else:
            continue
        break
    else:
        line.append(ch)
        return line
    line.insert(i, ch)
    return line


def run_cases(ns):
    return [ns["place"](list(l), c, n) for l, c, n in (("abcd", "xc", 3), ("abcd", "xy", 3), ("aaaa", "a", 3))]
