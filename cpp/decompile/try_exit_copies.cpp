// 3.10 copy short code after a try (`return False`) to where the body ends,
// POP_BLOCK first, once for each path that gets there (each jump of an
// and/or chain, each branch of an if ending the body). Such a POP_BLOCK
// has no line of its own: it takes the line of the code that reaches it.
// A `return` written at the end of the body unwinds on its own line.
#include "decompile/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// `code`: the copied statement's first instruction, after the POP_BLOCK.
// (Only `return <name or constant>`: the code after a return's POP_BLOCK
// may also be the copy of a finally body, on lines of its own.)
bool FunctionDecompiler::is_copied_try_exit(int code) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor != 10 || code < 1 || code + 1 >= int(instrs.size())) return false;
  const Op load = instrs[code].op;
  if (load != Op::LoadConst && load != Op::LoadFast && load != Op::LoadGlobal && load != Op::LoadDeref &&
      load != Op::LoadName)
    return false;
  if (instrs[code + 1].op != Op::ReturnValue) return false;
  const ir::Instr& unwinding = instrs[code - 1];
  return unwinding.op == Op::PopBlock && unwinding.line > 0 && instrs[code].line > 0 &&
         instrs[code].line != unwinding.line;
}

// 3.10: a try body ending in POP_BLOCK and a jump to the loop's header
// (or out of the loop) that was a written `continue` (`break`): the
// unwinding has the statement's line. Falling off the body's end into an
// else clause (or the code after the try) that continues, its POP_BLOCK
// has none of its own and takes the line of the body's last code.
// (nested_if_try_continue: `try: g(); continue` + `except E: ...`.)
bool FunctionDecompiler::written_loop_jump_ending_body(int body_end, const Region& region) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor != 10 || region.loop == nullptr || body_end < 1 || body_end >= int(instrs.size()) ||
      visited_[body_end])
    return false;
  const ir::Instr& jump = instrs[body_end];
  if (jump.op != Op::Jump || instrs[body_end - 1].op != Op::PopBlock) return false;
  if (!region.loop->continues_at(jump.target) && jump.target != region.loop->follow) return false;
  return unwinds_with_line_of_its_own(body_end - 1);
}

}  // namespace depyf::decompile
