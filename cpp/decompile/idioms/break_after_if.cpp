// A dropped break's NOP after an if's branches (header: break_after_if.hpp).
#include "decompile/idioms/break_after_if.hpp"

namespace depyf::decompile {

bool break_after_if(int minor, const ir::Function& function, int test, int next, int true_target, int false_target,
                    int follow) {
  const auto& instrs = function.instrs;
  const int count = int(instrs.size());
  if (minor < 12 || follow < 0 || follow >= count || test < 0 || next <= test || next >= follow) return false;
  // (One branch is empty: its test jumps straight to the follow.)
  const int other = true_target == next ? false_target : true_target;
  if (other != follow) return false;
  // (The other branch runs on into the follow too: its last instruction
  // falls there, no jump back to the loop's header, return or raise.)
  const ir::Instr& last = instrs[follow - 1];
  if (last.target >= 0 || last.op == ir::Op::ReturnValue || last.op == ir::Op::RaiseVarargs ||
      last.op == ir::Op::Reraise)
    return false;
  // The break's NOP, dropped before the code after the loop: a line of its
  // own, before that code's (which comes later in the source) ...
  const ir::Instr& after = instrs[follow];
  if (after.nop_line <= 0 || after.line <= 0 || after.nop_line >= after.line) return false;
  // ... and after the test's and the other branch's: written after the if.
  for (int i = test; i < follow; ++i)
    if (instrs[i].line >= after.nop_line || instrs[i].nop_line >= after.nop_line) return false;
  return true;
}

}  // namespace depyf::decompile
