// A while loop ending a finally body, with an else clause (or code after it
// in the finally body), left by `break`: refused.
//
// Versions: all (3.8-3.15).
// Source:
//     try:
//         ...
//     finally:
//         while a:
//             if b:
//                 a = 0
//                 continue
//             break
//         else:
//             log.append("else")
// Bytecode:
//     the break: a jump to (3.10+ a copy of) the handler copy's closing
//     RERAISE, 3.8 its END_FINALLY
// Test: tests/python/behaviour_cases/while_else_break_ending_finally_shapes.py
//     (while_else_break_ending_finally, while_break_ending_finally)
//
// The break goes straight to the end of the finally body. The walk reads
// that jump as a bare `raise` (or drops it, 3.8, and the loop never ends)
// and writes the else clause after the loop, where the break runs it too.
// Until that reading is right, such a loop is refused (every version).
// (for/else: see break_to_exit_copy.)
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

void FunctionDecompiler::refuse_break_past_finally_loop_end(int start, int end) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (start < 0 || end <= start || end >= count) return;
  // (A block that is the finally body's end: the closing instruction or,
  // 3.10+, a copy of it.)
  auto is_end = [&](int block) {
    const ir::Instr& first = instrs[graph_.blocks[block].first];
    return first.op == instrs[end].op && first.arg == instrs[end].arg;
  };
  for (const cfg::Loop& loop : graph_.loops) {
    const int header = graph_.blocks[loop.header].first;
    if (header < start || header >= end || instrs[header].op == Op::ForIter) continue;
    bool to_end = false, elsewhere = false;
    // (Only the loop's normal flow: an except clause inside it that
    // re-raises when nothing matched is no way out of the loop.)
    const std::vector<char> normal = reachable_without_exceptions(loop.header);
    for (const cfg::Block& b : graph_.blocks) {
      if (!b.reachable || !loop.contains[b.id] || !normal[b.id]) continue;
      for (int succ : b.successors) {
        if (loop.contains[succ]) continue;
        // (Through the lone jump of a `break`, 3.11 jumping forward.)
        const int target = block_at(resolve_jumps(graph_.blocks[succ].first));
        // (Nor a `continue` jumping back to the entry test before the loop,
        // 3.13.)
        if (loop.contains[target] || graph_.blocks[target].first < header) continue;
        (is_end(target) ? to_end : elsewhere) = true;
      }
    }
    if (to_end && elsewhere) fail(header, "break out of a while loop ending a finally body, past its else clause");
  }
}

}  // namespace depyf::decompile
