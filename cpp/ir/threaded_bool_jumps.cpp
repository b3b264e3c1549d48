// Versions: 3.14+.
// Source: a value-producing mix of and/or, `a and b or c`.
// Bytecode: 3.13 jump from a's test to b's result's test, which must go
// the same way, so 3.14 thread the jump past it:
//   3.13  a; COPY 1; TO_BOOL; POP_JUMP_IF_FALSE L1; POP_TOP; b
//         L1: COPY 1; TO_BOOL; POP_JUMP_IF_TRUE end; POP_TOP; c
//   3.14  a; COPY 1; TO_BOOL; POP_JUMP_IF_FALSE L1; NOT_TAKEN; POP_TOP; b
//         COPY 1; TO_BOOL; POP_JUMP_IF_TRUE end; NOT_TAKEN; L1: POP_TOP; c
// A jump whose value is known at its target's test (a jump when false
// reaching the POP_TOP that a jump when true falls into) is given back its
// 3.13 target, the COPY of that test, which the structuring reads as and/or.
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

void unthread_bool_operator_jumps(Function& function) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  auto tests_copy = [&](int jump) {
    return jump >= 1 && (instrs[jump].op == Op::PopJumpIfFalse || instrs[jump].op == Op::PopJumpIfTrue) &&
           instrs[jump - 1].op == Op::Copy && instrs[jump - 1].arg == 1;
  };
  for (int i = 0; i < count; ++i) {
    if (!tests_copy(i)) continue;
    const int target = instrs[i].target;
    if (target < 2 || target >= count || instrs[target].op != Op::PopTop) continue;
    const int test = target - 1;
    // The test the jump skipped falls through (into the POP_TOP) exactly
    // when this jump is taken: the opposite sense.
    if (!tests_copy(test) || instrs[test].op == instrs[i].op || test == i) continue;
    instrs[i].target = test - 1;
  }
}

}  // namespace depyf::ir
