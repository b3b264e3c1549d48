"""`while True:` loops whose body ends in `if c: break`, code after the loop.

The same bytecode as `if not c: continue` followed by that code inside the
loop, but for the loads: 3.14 never visits the code after the break with
its borrowed-load pass, so it loads locals there with LOAD_FAST, where the
code inside the loop borrows (unborrowed_loop_exit.cpp)."""


def final_break_then_return(data, results, make):
    while True:
        decomp = make(data)
        results.append(decomp.decompress(data))
        data = decomp.unused_data
        if not data:
            break
    return b"".join(results)


def final_break_then_statements(self, f, original):
    while True:
        line = f.readline()
        if line == b"\n" or not line:
            break
    headers = original.getvalue()
    self.size = len(headers)
    return headers


def continue_then_return_inside(data, results, make):
    while True:
        decomp = make(data)
        data = decomp.unused_data
        if data:
            continue
        return b"".join(results)


def final_break_of_compound_test(mu, sigma, random, log):
    while True:
        u1 = random()
        z = u1 - 0.5
        if z <= -log(u1):
            break
    return mu + z * sigma


def break_after_statements_of_its_own(self, f, starts, stops):
    while True:
        line = f.readline()
        if line == b"x":
            starts.append(f.tell())
        elif not line:
            stops.append(f.tell() - 1)
            break
    self._toc = dict(zip(starts, stops))
    self._next_key = len(self._toc)


def endless_loop_then_endless_loop(readline, write):
    while 1:
        s = readline()
        if not s:
            raise ValueError("no begin")
        if s[:5] == b"begin":
            break
    while True:
        s = readline()
        if not s or s == b"end\n":
            break
        write(s)
    return s


def return_after_try_in_loop(src, make, step):
    # (The return's strong loads come from standing after the try, which
    # 3.14 never visits either: no break, tomli parse_inline_table.)
    table = make()
    while True:
        pos = step(src)
        try:
            step(table)
        except KeyError:
            raise ValueError from None
        if c == "}":
            return pos + 1, table.dict
        if c != ",":
            raise ValueError


def clause_assert_after_try_in_loop(a, b, c):
    # (The assert's strong loads stand after the try in the loop body: no
    # break to an assert after the loop; the difftest finding
    # finally_while_with_then_clause_assert.)
    try:
        raise 0
    finally:
        w0 = 0
        while True:
            w0 += 1
            if w0 > 2:
                break
            with CM(4) as x:
                pass
            try:
                b, z = (0, 0)
            except 0:
                assert x, t(x)
