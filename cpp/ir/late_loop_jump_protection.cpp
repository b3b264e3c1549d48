// Versions: 3.14 only.
// Source: a test ending a loop body inside a try or with body, the loop's
// jump back after it:
//   with lock:                      try:
//       while c:                        while True:
//           g()                             if not g():
//           if h:                               return x
//               break               finally:
//                                       k()
// Bytecode: the CFG optimizer turns the test's jump over the jump back into
// one inverted conditional jump, `<h>; POP_JUMP_IF_TRUE out; NOT_TAKEN;
// JUMP_BACKWARD loop`, after the exception handlers were labelled: 3.14
// leave those three instructions under no handler, so the exception table
// has a gap in the middle of the protected loop body (3.15 label them with
// the handler of the code around them). Where the test leaves the
// protected code (a `break` to the code after a with, whose NOP was
// dropped), the conditional jump takes the handler of its test and of the
// loop it jumps back into, so the loop does not seem to leave the body
// from its middle. (A jump to code still under the handler reads as the
// body's already: decompile/late_loop_test_jumps.cpp.)
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

namespace {

bool falls_through(Op op) {
  return op != Op::Jump && op != Op::ReturnValue && op != Op::RaiseVarargs && op != Op::Reraise &&
         !is_conditional_jump(op);
}

bool same_protection(const Instr& a, const Instr& b) {
  return a.handler == b.handler && a.handler_depth == b.handler_depth && a.handler_lasti == b.handler_lasti;
}

}  // namespace

void protect_late_loop_jumps(Function& function) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int i = 1; i + 1 < count; ++i) {
    Instr& test = instrs[i];
    Instr& back = instrs[i + 1];
    const Instr& before = instrs[i - 1];
    if (!is_conditional_jump(test.op) || test.handler >= 0 || back.op != Op::Jump || back.handler >= 0) continue;
    if (before.handler < 0 || !falls_through(before.op)) continue;
    // (The jump goes back into the loop, under the test's handler.)
    if (back.target < 0 || back.target > i || !same_protection(instrs[back.target], before)) continue;
    // (Only a jump out of the protected code, to the code after a with or
    // a try: one to code still under the handler reads as the body's
    // already, decompile/late_loop_test_jumps.cpp.)
    if (test.target < 0 || test.target >= count || same_protection(instrs[test.target], before)) continue;
    // (The jump back stays out, as 3.12/3.13 leave it: that is what tells
    // `if c: break` from a written `if not c: continue` + `break`, whose
    // jumps are the same but protected, control_flow.cpp.)
    test.handler = before.handler;
    test.handler_depth = before.handler_depth;
    test.handler_lasti = before.handler_lasti;
  }
}

}  // namespace depyf::ir
