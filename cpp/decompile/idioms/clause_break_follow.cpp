// The code after an endless loop left by a clause's break
// (header: clause_break_follow.hpp).
#include "decompile/idioms/clause_break_follow.hpp"

namespace depyf::decompile {

namespace {

// Whether the straight-line code from `copy` repeats the code from
// `original` up to its return.
bool same_code_to_return(const ir::Function& function, int copy, int original) {
  const auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int n = 0; copy + n < count && original + n < count && n < 64; ++n) {
    const ir::Instr& x = instrs[copy + n];
    const ir::Instr& y = instrs[original + n];
    if (x.op != y.op || x.arg != y.arg || x.arg2 != y.arg2 || x.name != y.name || x.target >= 0 || y.target >= 0)
      return false;
    if (x.op == ir::Op::ReturnValue) return true;
  }
  return false;
}

}  // namespace

int clause_break_follow(int minor, const ir::Function& function, const cfg::Graph& graph, const cfg::Loop& loop,
                        int header_block) {
  const auto& instrs = function.instrs;
  const int count = int(instrs.size());
  if (minor < 12) return -1;
  int found = -1;
  for (int i = 0; i + 1 < count; ++i) {
    if (instrs[i].op != ir::Op::PopExcept) continue;
    const int block = graph.block_of[i];
    if (!graph.blocks[block].reachable || loop.contains[block] || !graph.dominates(header_block, block)) continue;
    // (The break's line, before the code after the loop's: a return in the
    // clause loads its value first, or has the return's line.)
    const ir::Instr& first = instrs[i + 1];
    if (instrs[i].line <= 0 || first.line <= instrs[i].line || first.op == ir::Op::ReturnValue) continue;
    // (Straight to a return, as the inlined exit block is.)
    int k = i + 1;
    while (k < count && instrs[k].target < 0 && instrs[k].op != ir::Op::ReturnValue &&
           instrs[k].op != ir::Op::PopExcept && graph.block_of[k] == block)
      ++k;
    if (k >= count || instrs[k].op != ir::Op::ReturnValue || graph.block_of[k] != block) continue;
    // (Several such breaks each get a copy of the code: the first is taken
    // as the code after the loop, the others must repeat it.)
    if (found >= 0 && !same_code_to_return(function, i + 1, found)) return -1;
    if (found < 0) found = i + 1;
  }
  return found;
}

}  // namespace depyf::decompile
