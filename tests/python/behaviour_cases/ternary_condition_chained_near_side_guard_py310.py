"""A match case guard that is a conditional expression over a chained
comparison, inside a with (difftest finding with_match_guard_ifexp_chained,
3.11-3.15): the guard became nested ifs whose false paths went to the
with's exit, read as falling into the case body, which then ran where the
guard failed."""


class Manager:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")

    def __exit__(self, *exc):
        self.log.append("exit")


def guard_in_with(subject, a, chk, z, log):
    with Manager(log):
        match subject:
            case int(b) if a <= b < 4 if chk else z:
                log.append(("case", b))
                return b
    return "none"


def run_cases(ns):
    results = []
    for args in ((2, 1, True, 0), (2, 3, True, 1), (7, 1, False, 1), (7, 1, False, 0), ("x", 1, True, 1)):
        log = []
        results.append((ns["guard_in_with"](*args, log), log))
    return results
