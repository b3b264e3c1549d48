"""A branch whose last instruction is the backward jump of a `continue`
nested inside it, while another path of the branch runs on past the if
statement (tokenize._tokenize's string continuation). One reading took that
jump for the branch's own `continue` and skipped the rest of the loop body
for every path of the branch.

run_cases() makes the calls whose results (or exceptions) must be the same
with the decompiled functions."""


def scan(lines, log):
    pending = ""
    it = iter(lines)
    while True:
        line = next(it, None)
        if line is None:
            break
        if pending:
            if line.endswith("!"):
                log.append(("end", pending + line))
                pending = ""
            else:
                if line.startswith("?"):
                    log.append(("err", line))
                    pending = ""
                    continue
                pending = pending + line
                continue
        elif not line:
            log.append("blank")
        else:
            log.append(("start", line))
            if line.endswith("+"):
                pending = line
                continue
        log.append(("rest", line))
    return log


def run_cases(ns):
    results = []
    for lines in ([], ["a"], ["a+", "b", "c!", "d"], ["a+", "?x", "", "e"], ["x+", "y!"]):
        results.append(ns["scan"](lines, []))
    return results
