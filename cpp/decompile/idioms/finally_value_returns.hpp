// A `return value` inside a try body with a finally clause, its value
// computed before the finally body's copy runs.
//
// Versions: 3.9+ (3.8 call the finally body by CALL_FINALLY, not read here).
// Source:
//     try:
//         for x in xs:
//             if x: return x
//         return xs
//     finally:
//         self.offset = 1
// Bytecode:
//     ... LOAD_FAST x; SWAP 2; POP_TOP; <finally copy>; RETURN_VALUE
//     ... LOAD_FAST xs;                 <finally copy>; RETURN_VALUE
//     (≤3.10: ROT_TWO for SWAP 2, and POP_BLOCK before each copy)
// Test: tests/python/decompile_cases/finally_value_returns.py (CommentFinder, first_true)
//
// Leaving the protection, each return runs its own copy of the finally body
// and then RETURN_VALUE. Copies of the code after the try (the implicit
// `return None`, a short `return y`) look the same, except that they load
// what they return after the finally copy; a RETURN_VALUE right after the
// copy returns a value the protected code left on the stack, so that tail is
// the body's own return, never a copy of code after the try.
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether the code at `at` is a straight-line copy of the finally body the
// handler's code from `finally_start` holds (up to its closing RERAISE),
// directly followed by RETURN_VALUE.
bool returns_value_across_finally_copy(const ir::Function& function, int finally_start, int at);

}  // namespace depyf::decompile
