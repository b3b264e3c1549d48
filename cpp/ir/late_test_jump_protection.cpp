// Versions: 3.14+.
// Source: a test whose false branch leaves for an earlier place, inside a
// try or with body: `while c:` nested in a loop (its exit is the outer
// loop's jump back), `if a or b: ...` ending a loop body, `if not g():
// return x` ending a `while True:` body.
// Bytecode: the CFG optimizer writes the backward conditional jump as a
// forward one over a new backward jump, `POP_JUMP_IF_TRUE past; NOT_TAKEN;
// JUMP_BACKWARD back`, after the handlers were labelled; 3.14 leave the
// conditional jump out of the exception table along with the jump back
// (3.12/3.13 only the jump back). The test's operands then end a block of
// their own, cut off from the jump that tests them, and the condition reads
// as something else (a `while True:` with a `break`, an `or` split into two
// ifs). A jump raises nothing: the conditional jump is given the handler of
// the test before it, which leaves the 3.12/3.13 shape (the jump back alone
// unprotected) that the decompiler reads. The table's own flags
// (`in_exception_table`) stay as they were.
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

void protect_late_test_jumps(Function& function) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int i = 1; i + 1 < count; ++i) {
    Instr& jump = instrs[i];
    const Instr& test = instrs[i - 1];
    const Instr& back = instrs[i + 1];
    if (!is_conditional_jump(jump.op) || jump.handler >= 0 || jump.target != i + 2) continue;
    if (back.op != Op::Jump || back.handler >= 0 || back.target < 0 || back.target > i) continue;
    // (The test falls into the jump: its last instruction pushes the
    // tested value.)
    if (test.handler < 0 || test.op == Op::Jump || is_conditional_jump(test.op) || test.op == Op::ReturnValue ||
        test.op == Op::RaiseVarargs || test.op == Op::Reraise)
      continue;
    // (Not the first test of a `while True:` body, `if not g(): return x`,
    // whose jump back goes to the NOP of the while line: with the jump
    // protected, the two read as `while g():` followed by the return.)
    if (back.target_is_nop) {
      bool straight = true;
      for (int k = back.target; k < i && straight; ++k)
        straight = instrs[k].op != Op::Jump && !is_conditional_jump(instrs[k].op) && instrs[k].op != Op::ForIter;
      if (straight) continue;
    }
    jump.handler = test.handler;
    jump.handler_depth = test.handler_depth;
    jump.handler_lasti = test.handler_lasti;
  }
}

}  // namespace depyf::ir
