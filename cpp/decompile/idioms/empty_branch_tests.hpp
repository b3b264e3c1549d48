// The last test of a condition whose branch is empty, `if a or not b: pass`.
//
// Versions: all (3.8-3.15).
// Source:
//     if <operands> or not b: pass        (or `... and not b`)
// Bytecode:
//     b; POP_JUMP_IF_TRUE L; L: ...       (the jump targets the instruction
//                                         right after it)
// Test: tests/python/decompile_cases/empty_branch_negated_tests.py
//
// The compiler ends an if's condition with a jump over the body, taken when
// the condition is false; its last operand jumps when that operand is false,
// or, negated with `not`, when it is true. With nothing in the body, that
// jump lands on the next instruction, so where it goes says nothing: only
// its sense tells the operand was negated (empty_branch_tests.cpp).
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether the conditional jump at `at` jumps to the instruction right after
// it when its operand is true: the `not b` ending a condition whose branch
// is empty.
bool negated_test_over_empty_branch(const ir::Function& function, int at);

}  // namespace depyf::decompile
