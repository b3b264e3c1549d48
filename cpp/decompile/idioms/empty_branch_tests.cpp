// The negated last test of a condition over an empty branch
// (header: empty_branch_tests.hpp).
#include "decompile/idioms/empty_branch_tests.hpp"

namespace depyf::decompile {

bool negated_test_over_empty_branch(const ir::Function& function, int at) {
  const ir::Instr& jump = function.instrs[at];
  return jump.op == ir::Op::PopJumpIfTrue && jump.target == at + 1;
}

}  // namespace depyf::decompile
