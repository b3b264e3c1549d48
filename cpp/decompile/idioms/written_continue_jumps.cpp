// A written `continue` told from the loop's jump back by its line
// (header: written_continue_jumps.hpp).
#include "decompile/idioms/written_continue_jumps.hpp"

namespace depyf::decompile {

bool continue_with_line_of_its_own(const ir::Function& function, int jump) {
  const auto& instrs = function.instrs;
  if (jump < 1 || jump >= int(instrs.size()) || instrs[jump].op != ir::Op::Jump) return false;
  const ir::Instr& test = instrs[jump - 1];
  return ir::is_conditional_jump(test.op) && test.target == jump + 1 && test.line > 0 && instrs[jump].line > test.line;
}

}  // namespace depyf::decompile
