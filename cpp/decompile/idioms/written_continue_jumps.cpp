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

bool joined_continue_on_line_of_its_own(const ir::Function& function, int version_minor, int jump,
                                        const std::vector<int>& from) {
  const auto& instrs = function.instrs;
  // (≤3.9 thread the other branches' jumps past it to the header, so the
  // if's join is gone: not read there.)
  if (version_minor < 10 || jump < 1 || jump >= int(instrs.size()) || instrs[jump].op != ir::Op::Jump ||
      instrs[jump].line <= 0 || from.size() < 2)
    return false;
  // (Only the ends of an if statement's branches: a jump over the else
  // clause, or code running on into it; not a loop's exit or a test.)
  bool jumped_over_else = false;
  for (int last : from) {
    if (last < 0 || instrs[last].line <= 0 || instrs[last].line >= instrs[jump].line) return false;
    if (instrs[last].target >= 0 && instrs[last].op != ir::Op::Jump) return false;
    if (instrs[last].op == ir::Op::Jump) {
      if (instrs[last].target != jump || last > jump) return false;
      jumped_over_else = true;
    } else if (last != jump - 1) {
      return false;
    }
  }
  return jumped_over_else;
}

}  // namespace depyf::decompile
