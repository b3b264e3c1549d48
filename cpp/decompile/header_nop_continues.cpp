// 3.10+ `while True:` (no test to repeat): the body starts with a NOP of
// the while line, which the IR drops. The jump ending the body goes past
// it, a written `continue` goes to it. Once both kinds of jump are there,
// a jump to the NOP is a `continue`, even where it ends the body's last
// branch (an if/else whose else branch ends in `continue`: concurrent.futures
// _ExecutorManagerThread.add_call_item_to_queue 3.10).

#include "decompile/function_decompiler.hpp"

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

}  // namespace depyf::decompile
