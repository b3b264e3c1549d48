"""CPython 3.11+ exception table encoding, for tools and tests that build code objects by hand.

Each entry is four numbers in code units (start, length, target, depth * 2 + lasti), each
written as 6-bit groups, most significant first; bit 64 of a byte says "more groups
follow", bit 128 marks the first byte of an entry. Runs on every supported Python
(the decoder-vector script imports it under 3.8).
"""


def varint(value):
    groups = [value & 63]
    value >>= 6
    while value:
        groups.append(value & 63)
        value >>= 6
    groups.reverse()
    return bytes([group | 64 for group in groups[:-1]] + [groups[-1]])


def exception_table_entry(start, length, target, depth_and_lasti):
    """The bytes of one entry; every number in code units (offset // 2)."""
    first = varint(start)
    rest = b"".join(varint(value) for value in (length, target, depth_and_lasti))
    return bytes([first[0] | 128]) + first[1:] + rest
