# `if not a < b <= c: continue` in a loop: ≤3.9 jump from the end of the
# chain into the first branch, past the cleanup of the middle operand, to
# that `continue` (or threaded through it to the loop's start). As `if
# ...: pass` plus an else clause the branch would jump forward over the
# else clause instead (dateutil _iterinfo.rebuild, pycparser validate_rules).


def chain_continue(xs, m):
    for n in xs:
        if not 0 < n <= m:
            continue
        g(n)


def chain_pass_else(xs, m):
    for n in xs:
        if not 0 < n <= m:
            pass
        else:
            g(n)


# The loop's start needs an EXTENDED_ARG (past offset 255): ≤3.9 do not
# thread a jump over an else clause to it (the peephole optimizer never
# grows an instruction), so a first branch ending in that jump back wrote
# `continue` (pycparser LexerReflect.validate_rules).
def far_loop_start(xs, m, tokens):
    a0 = 0
    a1 = g(a0, 1)
    a2 = g(a1, 2)
    a3 = g(a2, 3)
    a4 = g(a3, 4)
    a5 = g(a4, 5)
    a6 = g(a5, 6)
    a7 = g(a6, 7)
    a8 = g(a7, 8)
    a9 = g(a8, 9)
    a10 = g(a9, 10)
    a11 = g(a10, 11)
    a12 = g(a11, 12)
    a13 = g(a12, 13)
    a14 = g(a13, 14)
    a15 = g(a14, 15)
    a16 = g(a15, 16)
    a17 = g(a16, 17)
    a18 = g(a17, 18)
    a19 = g(a18, 19)
    a20 = g(a19, 20)
    a21 = g(a20, 21)
    a22 = g(a21, 22)
    a23 = g(a22, 23)
    a24 = g(a23, 24)
    a25 = g(a24, 25)
    a26 = g(a25, 26)
    a27 = g(a26, 27)
    a28 = g(a27, 28)
    a29 = g(a28, 29)
    a30 = g(a29, 30)
    a31 = g(a30, 31)
    a32 = g(a31, 32)
    a33 = g(a32, 33)
    a34 = g(a33, 34)
    a35 = g(a34, 35)
    a36 = g(a35, 36)
    a37 = g(a36, 37)
    a38 = g(a37, 38)
    a39 = g(a38, 39)
    a40 = g(a39, 40)
    a41 = g(a40, 41)
    a42 = g(a41, 42)
    a43 = g(a42, 43)
    a44 = g(a43, 44)
    a45 = g(a44, 45)
    a46 = g(a45, 46)
    a47 = g(a46, 47)
    a48 = g(a47, 48)
    a49 = g(a48, 49)
    a50 = g(a49, 50)
    a51 = g(a50, 51)
    a52 = g(a51, 52)
    a53 = g(a52, 53)
    a54 = g(a53, 54)
    a55 = g(a54, 55)
    a56 = g(a55, 56)
    a57 = g(a56, 57)
    a58 = g(a57, 58)
    a59 = g(a58, 59)
    a60 = g(a59, 60)
    a61 = g(a60, 61)
    a62 = g(a61, 62)
    a63 = g(a62, 63)
    a64 = g(a63, 64)
    a65 = g(a64, 65)
    a66 = g(a65, 66)
    a67 = g(a66, 67)
    a68 = g(a67, 68)
    a69 = g(a68, 69)
    a70 = g(a69, 70)
    a71 = g(a70, 71)
    a72 = g(a71, 72)
    a73 = g(a72, 73)
    a74 = g(a73, 74)
    a75 = g(a74, 75)
    a76 = g(a75, 76)
    a77 = g(a76, 77)
    a78 = g(a77, 78)
    a79 = g(a78, 79)
    for n in xs:
        if not 0 < n <= m:
            continue
        if n == 'error':
            g(n)
            continue
        if n not in tokens and n.find('ignore_') < 0:
            g(tokens)
            continue
        try:
            c = h(n)
        except KeyError as e:
            g(e)


# ... but not the jump back of an inner if's `continue` ending the first
# branch, the inner test falling through past it (dateutil gettz nocache).
def far_loop_start_inner_continue(xs, name):
    a0 = 0
    a1 = g(a0, 1)
    a2 = g(a1, 2)
    a3 = g(a2, 3)
    a4 = g(a3, 4)
    a5 = g(a4, 5)
    a6 = g(a5, 6)
    a7 = g(a6, 7)
    a8 = g(a7, 8)
    a9 = g(a8, 9)
    a10 = g(a9, 10)
    a11 = g(a10, 11)
    a12 = g(a11, 12)
    a13 = g(a12, 13)
    a14 = g(a13, 14)
    a15 = g(a14, 15)
    a16 = g(a15, 16)
    a17 = g(a16, 17)
    a18 = g(a17, 18)
    a19 = g(a18, 19)
    a20 = g(a19, 20)
    a21 = g(a20, 21)
    a22 = g(a21, 22)
    a23 = g(a22, 23)
    a24 = g(a23, 24)
    a25 = g(a24, 25)
    a26 = g(a25, 26)
    a27 = g(a26, 27)
    a28 = g(a27, 28)
    a29 = g(a28, 29)
    a30 = g(a29, 30)
    a31 = g(a30, 31)
    a32 = g(a31, 32)
    a33 = g(a32, 33)
    a34 = g(a33, 34)
    a35 = g(a34, 35)
    a36 = g(a35, 36)
    a37 = g(a36, 37)
    a38 = g(a37, 38)
    a39 = g(a38, 39)
    a40 = g(a39, 40)
    a41 = g(a40, 41)
    a42 = g(a41, 42)
    a43 = g(a42, 43)
    a44 = g(a43, 44)
    a45 = g(a44, 45)
    a46 = g(a45, 46)
    a47 = g(a46, 47)
    a48 = g(a47, 48)
    a49 = g(a48, 49)
    a50 = g(a49, 50)
    a51 = g(a50, 51)
    a52 = g(a51, 52)
    a53 = g(a52, 53)
    a54 = g(a53, 54)
    a55 = g(a54, 55)
    a56 = g(a55, 56)
    a57 = g(a56, 57)
    a58 = g(a57, 58)
    a59 = g(a58, 59)
    a60 = g(a59, 60)
    a61 = g(a60, 61)
    a62 = g(a61, 62)
    a63 = g(a62, 63)
    a64 = g(a63, 64)
    a65 = g(a64, 65)
    a66 = g(a65, 66)
    a67 = g(a66, 67)
    a68 = g(a67, 68)
    a69 = g(a68, 69)
    a70 = g(a69, 70)
    a71 = g(a70, 71)
    a72 = g(a71, 72)
    a73 = g(a72, 73)
    a74 = g(a73, 74)
    a75 = g(a74, 75)
    a76 = g(a75, 76)
    a77 = g(a76, 77)
    a78 = g(a77, 78)
    a79 = g(a78, 79)
    for path in xs:
        filepath = j(path, name)
        if not isfile(filepath):
            filepath = filepath.replace(' ', '_')
            if not isfile(filepath):
                continue
        try:
            t(filepath)
        except (IOError, ValueError):
            pass
