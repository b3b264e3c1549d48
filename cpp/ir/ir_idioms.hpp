// Passes over the IR that undo a version's code-generation habits, each in
// a file of its own named for what it reads (normalise() runs them).
#pragma once

#include <vector>

#include "bytecode/instruction.hpp"
#include "ir/ir.hpp"

namespace depyf::ir {

// 3.14+: the jump of a value-producing and/or operand threaded past the
// next operand's test (threaded_bool_jumps.cpp).
void unthread_bool_operator_jumps(Function& function);

// 3.14+: all()/any()/tuple() (3.15: list()/set() too) of a generator
// expression compiled inline behind a check that the name is the builtin
// (inlined_builtin_calls.cpp).
void fold_inlined_builtin_calls(Function& function);

// 3.14+: Nops of folded code under no handler between code under one
// (folded_code_protection.cpp). Runs after the handlers are assigned.
void protect_folded_nops(Function& function);

// 3.14+: a conditional jump inverted over a new jump back after the
// handlers were labelled, left under no handler inside protected code,
// takes the handler of its test (late_jump_protection.cpp). Runs after the
// handlers are assigned.
void protect_late_conditional_jumps(Function& function, int minor);

// 3.14+: the NOP left of a `break` whose jump was threaded away, under the
// handler of the try around its loop while the code after it is not: kept
// (protected_break_nops.cpp). One flag per decoded instruction.
std::vector<char> find_protected_break_nops(const CodeObject& code, const std::vector<Instruction>& decoded);

}  // namespace depyf::ir
