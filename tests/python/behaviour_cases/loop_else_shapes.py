"""A while/else at the end of a for body whose break has statements before it.

The break's block is outside the natural loop (it never gets back to the
header), so the loop's follow has to come from the jump that ends it
(re._compiler._generate_overlap_table; 3.10/3.11 failed with "jump out of
the structured region")."""


def overlap_table(prefix):
    table = [0] * len(prefix)
    for i in range(1, len(prefix)):
        idx = table[i - 1]
        while prefix[i] != prefix[idx]:
            if idx == 0:
                table[i] = 0
                break
            idx = table[idx - 1]
        else:
            table[i] = idx + 1
    return table


def run_cases(ns):
    return [ns["overlap_table"](p) for p in ("", "a", "abab", "aabaaab", "abcabd", "aaaa")]
