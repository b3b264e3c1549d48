// A `break` written after an if statement, both of whose branches run on
// into it, at the end of a loop body.
//
// Versions: 3.12+.
// Source:
//     while True:
//         ...
//         if a: X; continue
//         elif b: Y
//         break
//     return result
// Bytecode:
//     b; POP_JUMP_IF_FALSE L; Y; L: NOP (the break's line); <code after the loop>
// Test: tests/python/decompile_cases/break_after_if_py312.py (parse_if)
//
// The break's jump lands on the instruction right after it, so the compiler
// drops it and keeps a NOP of its line; both of the if's branches then go
// straight to the code after the loop. Read as leaving the loop, each branch
// would get a `break` of its own (and one more after the if): the NOP's line,
// past every line of the branches, says one `break` follows the if.
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether an if whose test starts at `test`, falls into `next`, and of
// whose branches one jumps straight to `follow` (the code after the loop)
// is followed by a `break` there whose jump was dropped (3.12+; `minor` is
// the code's Python minor version).
bool break_after_if(int minor, const ir::Function& function, int test, int next, int true_target, int false_target,
                    int follow);

}  // namespace depyf::decompile
