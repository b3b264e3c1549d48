// A `break` inside a try/finally in a loop whose only way out is that break,
// and short code after the loop (a `return x`).
//
// Versions: 3.12+.
// Source:
//     while True:
//         try:
//             if c:
//                 break
//             ...
//         finally:
//             release()
//     return x
// Bytecode:
//     L1: (protected) ...
//         POP_JUMP_IF_x c -> L2
//         ...
//     L2: release()      (the finally copy)
//         LOAD_FAST x    (a copy of the code
//         RETURN_VALUE    after the loop)
// Test: tests/python/decompile_cases/break_out_of_try_finally_py311.py
//     (break_out_of_try_finally), tests/python/decompile_cases/loop_exits_past_try.py
//
// The compiler copies the short code after the loop into the break's path
// after the finally body's copy, so nothing jumps out of the loop and the
// loop has no code after it of its own: the code past the copy is that
// code. Reading the break as `return x` inside the try would run the
// finally body after x is evaluated, not before.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// Where the loop headed by `header_block` goes on after such a break (the
// code past the finally copy), or -1. `protection`: what protects the
// loop's region (the code after the loop is under it too).
int FunctionDecompiler::finally_break_follow(int header_block, const cfg::Loop& loop, int protection) const {
  if (code_.version.minor < 12) return -1;
  const auto& instrs = function_.instrs;
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(header_block, b.id) ||
        instrs[b.first].handler != protection || b.predecessors.empty())
      continue;
    // (Entered only from the protected code of one try/finally in the loop.)
    const int handler = instrs[graph_.blocks[b.predecessors[0]].last].handler;
    if (handler < 0 || handler == protection || !is_finally_handler(handler)) continue;
    const bool from_try = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
      return instrs[graph_.blocks[p].last].handler == handler && graph_.dominates(header_block, p);
    });
    const bool try_in_loop = std::any_of(graph_.blocks.begin(), graph_.blocks.end(), [&](const cfg::Block& code) {
      return code.reachable && loop.contains[code.id] && instrs[code.first].handler == handler;
    });
    if (!from_try || !try_in_loop) continue;
    std::vector<int> copy, continuations;
    if (!match_finally_copy(handler_body_start(handler), b.first, protection, copy, continuations) ||
        continuations.size() != 1)
      continue;
    const int after = continuations[0];
    // (The code after the loop never gets back into it.)
    if (after <= b.first || loop.contains[block_at(after)] ||
        reachable_without_exceptions(block_at(after))[header_block])
      continue;
    if (found >= 0 && found != after && code_copy_length(after, found) == 0) return -1;
    if (found < 0) found = after;
  }
  return found;
}

}  // namespace depyf::decompile
