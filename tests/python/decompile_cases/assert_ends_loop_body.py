"""`assert` as the last statement of a loop body (sortedcontainers
SortedList._check).

3.12+ thread the assert's jump over the raise onto the loop's jump back and
invert it, which reads as `if t: continue` + the raise; inside a try whose
protection leaves the jump back out, as `if not t:` + the raise."""


def sorted_runs(lists):
    for sublist in lists:
        for pos in range(1, len(sublist)):
            assert sublist[pos - 1] <= sublist[pos]


def checked(self, lists, maxes):
    try:
        assert len(maxes) == len(lists)
        for pos in range(len(maxes)):
            assert maxes[pos] == lists[pos][-1], "bad max"
        for sublist in lists:
            if sublist:
                assert len(sublist) >= self.half
    except:
        print("lists", lists)
        raise


def drained(queue):
    while queue:
        item = queue.pop()
        assert item > 0, item
