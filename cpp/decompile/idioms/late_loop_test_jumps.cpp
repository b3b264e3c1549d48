// A loop in a try body whose body ends in a test that leaves the loop
// (`if not c: return x` last, the loop's jump back after it).
//
// Versions: 3.14+.
// Source:
//     try:
//         while True:
//             if not g():
//                 return x
//     finally:
//         ...
// Bytecode:
//     L1: NOP                 (protected)
//         <c>                 (protected)
//         POP_JUMP_IF_FALSE L3  (not protected)
//         NOT_TAKEN
//         JUMP_BACKWARD L1    (not protected)
//     L3: LOAD_FAST x         (protected)
// Test: tests/python/decompile_cases/loop_test_return_in_try_py314.py
//     (loop_return_in_try_finally; a known failure 3.15),
//     tests/python/decompile_cases/late_test_jumps_in_try_py314.py
//
// The compiler turns `if not c: return x` + the jump back into one
// conditional jump over the jump back after the exception table's ranges
// are set, so the conditional jump, right after its protected test,
// is left out of the table (3.12/3.13 left out only the jump back, a block
// of its own). Both ways lead back into the protected code: it is still the
// try body's. (walk/protection.cpp jumps_back_into reads the rest.)
#include "decompile/idioms/late_loop_test_jumps.hpp"

namespace depyf::decompile {

namespace {

bool within(const ir::Function& function, int instr, int protection) {
  int handler = function.instrs[instr].handler;
  for (int depth = 0; handler >= 0 && depth < 64; ++depth) {
    if (handler == protection) return true;
    handler = function.instrs[handler].handler;
  }
  return false;
}

}  // namespace

bool late_loop_test_jump(int minor, const ir::Function& function, const cfg::Graph& graph, int at, int protection) {
  if (minor < 14 || protection < 0 || at <= 0 || at >= int(function.instrs.size())) return false;
  // (The graph may start a block at the jump, where the protection ends.)
  const cfg::Block& block = graph.blocks[graph.block_of[at]];
  const ir::Op before = function.instrs[at - 1].op;
  const bool falls_in = before != ir::Op::Jump && before != ir::Op::ReturnValue && before != ir::Op::RaiseVarargs &&
                        before != ir::Op::Reraise && !ir::is_conditional_jump(before);
  // (The IR gives that jump its test's handler back,
  // ir/late_jump_protection.cpp: then the jump back after it, over which
  // it jumps, is what the table left out.)
  const ir::Instr& jump = function.instrs[at];
  const bool given_back = at + 1 < int(function.instrs.size()) && jump.target == at + 2 &&
                          function.instrs[at + 1].op == ir::Op::Jump && !function.instrs[at + 1].in_exception_table &&
                          !within(function, at + 1, protection);
  return block.last == at && falls_in && ir::is_conditional_jump(jump.op) &&
         (!within(function, at, protection) || given_back) && within(function, at - 1, protection);
}

}  // namespace depyf::decompile
