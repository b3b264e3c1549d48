// `while c:` with an else clause, whose body ends a with statement by `break`.
//
// Versions: 3.10+.
// Source:
//     while items:
//         with h(items.pop()):
//             log.append(1)
//             break
//     else:
//         log.append(9)
//     return log
// Bytecode:
//     L0: <items>; POP_JUMP_IF_FALSE E; <h(...)>; SETUP_WITH H; POP_TOP
//         <log.append(1)>; POP_BLOCK; <__exit__(None, None, None)>; POP_TOP
//         JUMP past E (or a copy of short code after the loop: `return log`)
//     H:  <exit handler>; a suppressed exception goes on to the latch (JUMP L0)
//     E:  <log.append(9)>; <return log>
// Test: tests/python/decompile_cases/with_in_loops.py (while_else_with_break_copy,
//     while_else_with_break_jump, while_else_with_break_in_if; the first and
//     last known failures 3.14/3.15)
//
// The break calls the with's exit, then jumps past the else clause or runs
// its own copy of short code after the loop statement (`return x`). The with
// body gets back to the header only through the exit handler (a suppressed
// exception goes on to the latch), so the break's code lies outside the
// natural loop and the inverted while's scan for exits never meets it;
// without it the else clause would be read as code after the loop, and the
// with's exit as not understood.
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

// Where such breaks go (the statement after the loop), or -1. `normal`:
// the blocks normally reachable from the body's start. (A `return
// CONSTANT` in the with body compiles like a break to a copy of one: left
// to be read as that return.)
int FunctionDecompiler::with_break_past_else(const cfg::Loop& loop, int header_block, int else_start,
                                             const std::vector<char>& normal) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 10 || else_start < 0 || else_start >= count) return -1;
  // Code after the loop: past the else clause, reached without the body,
  // starting a statement (a copy's original may be in the middle of a
  // block the else clause runs on into).
  auto after_loop = [&](int at) {
    const int b = block_at(at);
    return at > else_start && graph_.blocks[b].reachable && instrs[at - 1].line != instrs[at].line &&
           !loop.contains[b] && !graph_.dominates(header_block, b);
  };
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || !normal[b.id] || loop.contains[b.id] || !graph_.dominates(header_block, b.id)) continue;
    int call = b.first;
    while (call < b.last && with_exit_call_length(call) == 0) ++call;
    if (with_exit_call_length(call) == 0) continue;
    int next = call;
    for (int n; (n = with_exit_call_length(next)) > 0;) {
      next += n;
      while (next < b.last && instrs[next].op == Op::PopBlock) ++next;
    }
    int target = -1;
    if (next == b.last && instrs[next].op == Op::Jump) {
      target = instrs[next].target;
      if (!after_loop(target)) continue;
    } else if (instrs[b.last].op == Op::ReturnValue && next < b.last) {
      if (instrs[next].op == Op::LoadConst && next + 1 == b.last) continue;
      const int length = b.last - next + 1;
      for (int k = else_start + 1; k < count && target < 0; ++k)
        if (after_loop(k) && exit_copy_length(next, k) == length) target = k;
      if (target < 0) continue;
    } else {
      continue;
    }
    if (found >= 0 && found != target) return -1;
    found = target;
  }
  return found;
}

// 3.12+ a while loop's `break` ending a with body, the code after the loop
// statement laid out right after the with's exit call: the exit call runs
// on into the loop's follow, the break's jump dropped. (A with ending the
// body otherwise goes on to the latch's test.) Marks the exit call, emits
// the break into `body`; false when that is not the shape at `exit_call`.
bool FunctionDecompiler::with_break_into_follow(int exit_call, const Region& region, ast::Body& body) {
  if (code_.version.minor < 12 || region.loop == nullptr || region.loop->follow < 0 ||
      region.loop->follow == region.stop ||
      function_.instrs[graph_.blocks[region.loop->header_block].first].op == Op::ForIter)
    return false;
  const int length = with_exit_call_length(exit_call);
  if (length == 0 || exit_call + length != region.loop->follow) return false;
  for (int k = exit_call; k < exit_call + length; ++k) visited_[k] = 1;
  emit(body, make::break_(), exit_call);
  return true;
}

}  // namespace depyf::decompile
