// An inner loop whose breaks go on to a `continue` of the outer loop, where
// that continue does not end the outer body (code follows it there).
//
// Versions: 3.14+ (3.13 kept the break's own JUMP_FORWARD).
// Source:
//     while True:
//         if v:
//             if a:
//                 continue
//             if b:
//                 while True:
//                     if c():
//                         break
//                 continue
//         g()
// Bytecode:
//     L1: NOP
//         ... POP_JUMP_IF_FALSE L9
//         ... JUMP_BACKWARD L1
//     L2: NOP
//         ...
//         POP_JUMP_IF_TRUE L3
//         JUMP_BACKWARD L2
//     L3: NOP            (the break's line)
//         JUMP_BACKWARD L1
//     L9: ...
// Test: tests/python/decompile_cases/inner_loop_break_onto_continue.py (break_onto_continue)
//
// 3.13 kept the break's own JUMP_FORWARD to the continue; 3.14 threads the
// conditional jump straight onto the continue's block. Taking that block's
// target, the outer header, for where the inner loop's breaks go would make
// the walk resume at the outer header inside the outer body (and walk the
// same code again without end); the continue itself is where they go.
#include "decompile/idioms/threaded_break_continue.hpp"

#include <algorithm>

namespace depyf::decompile {

int threaded_break_continue(const ir::Function& function, const cfg::Graph& graph, const cfg::Loop& loop,
                            int outer_header) {
  int found = -1;
  for (const cfg::Block& b : graph.blocks) {
    if (!b.reachable || loop.contains[b.id] || b.first != b.last || b.predecessors.empty()) continue;
    const ir::Instr& jump = function.instrs[b.last];
    if (jump.op != ir::Op::Jump || jump.target != outer_header) continue;
    // Entered only by conditional jumps from the loop's body (no code falls
    // into it: a jump the body reaches by falling in is the body's own).
    const bool threaded = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
      const cfg::Block& from = graph.blocks[p];
      const ir::Instr& last = function.instrs[from.last];
      return loop.contains[p] && ir::is_conditional_jump(last.op) && last.target == b.first;
    });
    if (!threaded) continue;
    if (found >= 0) return -1;  // (two such continues: not one place after the loop)
    found = b.first;
  }
  return found;
}

}  // namespace depyf::decompile
