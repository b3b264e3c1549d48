// Written `continue`s that only lines and layout tell from the end of a loop body.
//
// Versions: 3.10+ (the header's NOP); the continue after a try 3.10-3.11.
// Source:
//     while True:
//         if g():
//             h(1)
//         else:
//             h(2)
//             continue
//         ...
// Bytecode:
//     L0: NOP (the while line, dropped by the IR)
//     L1: <g()>; POP_JUMP_IF_FALSE L2; <h(1)>; JUMP_FORWARD L3
//     L2: <h(2)>; JUMP_ABSOLUTE L0     (the continue, to the NOP)
//     L3: JUMP_ABSOLUTE L1             (the body's end, past it)
// Test: tests/python/decompile_cases/loops_jumps.py (while_true_else_branch_continues,
//     while_true_nested_continue_at_end), tests/python/decompile_cases/continue_after_try_py310.py
//
// 3.10+ `while True:` (no test to repeat): the body starts with a NOP of
// the while line, which the IR drops. The jump ending the body goes past
// it, a written `continue` goes to it. Once both kinds of jump are there,
// a jump to the NOP is a `continue`, even where it ends the body's last
// branch (an if/else whose else branch ends in `continue`: concurrent.futures
// _ExecutorManagerThread.add_call_item_to_queue 3.10).

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

bool FunctionDecompiler::continue_to_header_nop(int jump, const LoopContext& loop) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 10 || jump < 0 || jump >= int(instrs.size())) return false;
  const ir::Instr& instr = instrs[jump];
  if (instr.op != Op::Jump || !instr.target_is_nop || !loop.continues_at(instr.target)) return false;
  const cfg::Loop* natural = natural_loop_of(loop);
  if (natural == nullptr) return false;
  for (const cfg::Block& block : graph_.blocks) {
    if (!block.reachable || !natural->contains[block.id]) continue;
    const ir::Instr& last = instrs[block.last];
    if (last.op == Op::Jump && last.target == instr.target && !last.target_is_nop) return true;
  }
  return false;
}

// 3.10/3.11: the jump at `jump` (ending a try body) goes forward to a lone
// jump back to the loop's header that lies past the try's handlers and has
// a line of its own, past the try's. The
// compiler threads a jump to a jump on the same line, so the body's
// natural end would have jumped back itself: that lone jump is a
// `continue` written after the try.
bool FunctionDecompiler::written_continue_after_try(int jump, const Region& region) const {
  const auto& instrs = function_.instrs;
  if ((code_.version.minor != 10 && code_.version.minor != 11) || region.loop == nullptr) return false;
  const ir::Instr& instr = instrs[jump];
  const int target = instr.target;
  if (instr.op != Op::Jump || target <= jump || target >= int(instrs.size()) || visited_[target] ||
      !is_lone_jump(target) || !region.loop->continues_at(instrs[target].target))
    return false;
  // (Written after the try: on a line past all of the try's code in
  // between. The natural end of a `while True:` body takes the while line.)
  const ir::Instr& back = instrs[target];
  if (back.line <= 0) return false;
  for (int k = jump; k < target; ++k)
    if (instrs[k].line >= back.line) return false;
  // (Past the handler of the try the jump leaves.)
  const int handler = jump > 0 ? instrs[jump - 1].handler : -1;
  if (handler < 0 || target < handler) return false;
  const cfg::Block& block = graph_.blocks[block_at(target)];
  return block.predecessors.size() == 1 && graph_.blocks[block.predecessors[0]].last == jump;
}

}  // namespace depyf::decompile
