// Versions: ≤3.9.
// Source: a try whose except clauses all raise and whose else clause
// never falls through, ending a block that runs to the end of the code as
// far as the walk knows (a with body, an if branch with nothing after it):
//     with a as t:                      if a:
//         try: k = t()                      try: k = a()
//         except E: raise X                 except E: raise
//         else: return k                    else: return k
//                                       return 2
// Bytecode: each clause keeps its dead `POP_EXCEPT; JUMP_FORWARD end`
// after the raise (dead_else_markers.cpp), and `end` lies past the else
// clause: on the with's dead POP_BLOCK/BEGIN_FINALLY, or on the code after
// the if that its test jumps to. The enclosing region has no stop of its
// own there, so the target is neither the region's stop nor inside it; the
// code from where the body goes on up to the target was still the else
// clause. Written after the try instead, the same code compiles the dead
// jump to its own start.
//
// 3.9 give a with body whose else clause returns a stop of its own, where
// the return leaves the with's protection (its POP_BLOCK, then the exit
// call and RETURN_VALUE): the walk of the else clause stops there too, and
// finishes the return.
//
// Taken only where that code cannot reach the target or anything past it
// (it returns, raises, or jumps back): the else clause then ends the walk,
// exactly as the same statements after the try did, so the reading only
// moves them into the else clause, which behaves the same when no clause
// goes on. (An else clause whose walk still goes on is refused.)
// Test: tests/python/decompile_cases/dead_exit_else_end.py (cachetools
// TTLCache.popitem, boltons SpooledIOBase.__eq__ in the third-party corpus).
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// Where the walk of the else clause stops (the target, or the region's own
// stop inside it), or -1 when the dead jump says nothing here.
int FunctionDecompiler::dead_exit_else_stop(int code_start, int target, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor > 9 || code_start < 0 || target <= code_start || target > count) return -1;
  const bool unwinding_stop =
      region.stop > code_start && region.stop < target && instrs[region.stop - 1].op == Op::PopBlock;
  if (region.stop >= 0 && !unwinding_stop) return -1;
  for (int i = code_start; i < target; ++i) {
    // (A jump forward to the target or past it leaves the else clause
    // elsewhere than the walk of it would stop.)
    if (graph_.blocks[block_at(i)].reachable && instrs[i].target >= target) return -1;
  }
  // Nothing falls into the target from the code before it.
  if (target < count) {
    for (int pred : graph_.blocks[block_at(target)].predecessors) {
      const cfg::Block& block = graph_.blocks[pred];
      if (block.reachable && block.last >= code_start && block.last < target) return -1;
    }
  }
  return unwinding_stop ? region.stop : target;
}

}  // namespace depyf::decompile
