"""3.10+ `while c:` whose body starts with an inner loop: the outer loop's
latch jumps back to the inner loop's header, so the graph merges both loops.

Read as one loop, the outer loop's test became body code of the inner loop
(3.10-3.13 failed with "jump out of the structured region"); a for loop's
break threaded past the inner loop's own break must still leave the inner
loop, not run the outer test inside it."""


def drain(queues):
    out = []
    while queues:
        while True:
            q = queues[-1]
            if not q:
                queues.pop()
                break
            out.append(q.pop())
    return out


def first_true_per_round(rounds):
    out = []
    while rounds:
        while True:
            for v in rounds.pop():
                if v:
                    out.append(v)
                    break
            else:
                out.append(None)
                if rounds:
                    continue
            break
    return out


def run_cases(ns):
    return [
        ns["drain"]([[1, 2], [], [3]]),
        ns["drain"]([]),
        ns["first_true_per_round"]([[0, 2, 3], [0, 0], [4]]),
        ns["first_true_per_round"]([[0]]),
    ]
