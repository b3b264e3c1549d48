// Versions: 3.14+ (the second rule 3.14 only).
// Source: a test ending a loop body, or leaving for an earlier place, inside
// a try or with body:
//   with lock:              while True:           try:
//       while c:                try:                  while True:
//           g()                     while c: ...          if not g():
//           if h:                   if a or b: ...            return x
//               break           ...                   finally: k()
// Bytecode: the CFG optimizer writes a conditional jump over the jump back
// as one inverted conditional jump followed by a new backward jump,
// `<test>; POP_JUMP_IF_TRUE past; NOT_TAKEN; JUMP_BACKWARD back`, after the
// exception handlers were labelled: 3.14 leave the conditional jump out of
// the exception table along with the jump back (3.12/3.13 only the jump
// back; 3.15 label the conditional jump with the handler of the code around
// it in the second case below). The test's operands then end a block of
// their own, cut off from the jump that tests them, and the condition reads
// as something else (a `while True:` with a `break`, an `or` split into two
// ifs, a loop that leaves the body from its middle). A jump raises nothing:
// the conditional jump is given the handler of the instruction before it,
// which leaves the 3.12/3.13 shape (the jump back alone unprotected) that
// the decompiler reads, in two cases:
// - its target is just past the jump back (3.14+);
// - 3.14: its target leaves the protected code (a `break` to the code after
//   a with, whose NOP was dropped) while the jump back returns under the
//   same handler. A target still under the handler reads as the body's
//   already (decompile/idioms/late_loop_test_jumps.cpp).
// The jump back stays unprotected, as 3.12/3.13 leave it: that is what
// tells `if c: break` from a written `if not c: continue` + `break`, whose
// jumps are the same but protected (decompile/walk/loops.cpp). The table's own
// flags (`in_exception_table`) stay as they were.
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

namespace {

bool ends_flow(Op op) {
  return op == Op::Jump || op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise ||
         is_conditional_jump(op);
}

bool same_protection(const Instr& a, const Instr& b) {
  return a.handler == b.handler && a.handler_depth == b.handler_depth && a.handler_lasti == b.handler_lasti;
}

// The first case: the test jumps just past the jump back. Not the first
// test of a `while True:` body, `if not g(): return x`, whose jump back
// goes to the NOP of the while line through straight-line code: with the
// jump protected, the two read as `while g():` followed by the return.
bool jumps_past_the_jump_back(const std::vector<Instr>& instrs, int i) {
  const Instr& back = instrs[i + 1];
  if (instrs[i].target != i + 2) return false;
  if (!back.target_is_nop) return true;
  for (int k = back.target; k < i; ++k)
    if (instrs[k].op == Op::Jump || is_conditional_jump(instrs[k].op) || instrs[k].op == Op::ForIter) return true;
  return false;
}

// The second case (3.14): the test leaves the protected code while the jump
// back returns under the test's handler.
bool leaves_while_the_loop_stays(const std::vector<Instr>& instrs, int i) {
  const Instr& test = instrs[i];
  const Instr& back = instrs[i + 1];
  const Instr& before = instrs[i - 1];
  const int count = int(instrs.size());
  if (!same_protection(instrs[back.target], before)) return false;
  return test.target >= 0 && test.target < count && !same_protection(instrs[test.target], before);
}

}  // namespace

void protect_late_conditional_jumps(Function& function, int minor) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int i = 1; i + 1 < count; ++i) {
    Instr& jump = instrs[i];
    const Instr& before = instrs[i - 1];
    const Instr& back = instrs[i + 1];
    if (!is_conditional_jump(jump.op) || jump.handler >= 0) continue;
    if (back.op != Op::Jump || back.handler >= 0 || back.target < 0 || back.target > i) continue;
    // (The test falls into the jump: its last instruction pushes the
    // tested value.)
    if (before.handler < 0 || ends_flow(before.op)) continue;
    if (!(minor == 14 && leaves_while_the_loop_stays(instrs, i)) && !jumps_past_the_jump_back(instrs, i)) continue;
    jump.handler = before.handler;
    jump.handler_depth = before.handler_depth;
    jump.handler_lasti = before.handler_lasti;
  }
}

}  // namespace depyf::ir
