// The code after an endless loop that only a `break` in an except clause
// leaves.
//
// Versions: 3.12+.
// Source:
//     while True:
//         try:
//             char = src[pos]
//         except IndexError:
//             break
//         pos = g(pos)
//     return pos.x
// Bytecode:
//     handler: PUSH_EXC_INFO; <match>; POP_TOP; POP_EXCEPT (the break's line);
//     LOAD_FAST pos; LOAD_ATTR x; RETURN_VALUE
// Test: tests/python/decompile_cases/clause_break_ends_endless_loop.py (one_break,
//     two_breaks)
//
// The break's jump would go to the short code after the loop, which 3.12+
// inline in its place: that code follows the clause's POP_EXCEPT, on a later
// line than the break's, outside the loop, and nothing else leaves the loop.
// Read without a follow, the clause seemed to fall into code after the try.
#pragma once

#include "cfg/cfg.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Where the code after `loop` (headed by `header_block`, with no other
// exit) starts, following the POP_EXCEPT of a clause's break (the first,
// where several breaks each got a copy of that code); -1 when there is none,
// or the copies differ (`minor` is the code's Python minor version).
int clause_break_follow(int minor, const ir::Function& function, const cfg::Graph& graph, const cfg::Loop& loop,
                        int header_block);

}  // namespace depyf::decompile
