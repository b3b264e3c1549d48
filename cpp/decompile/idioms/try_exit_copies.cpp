// Copies of short code after a try at the end of its body.
//
// Versions: 3.10 only.
// Source:
//     try:
//         v = g(parts)
//         if parts and v and v >= (2, 24):
//             return True
//     except (AttributeError, ValueError):
//         pass
//     return False
// Bytecode:
//     <parts>; POP_JUMP_IF_FALSE L1; <v>; POP_JUMP_IF_FALSE L2; ...
//     L1: POP_BLOCK (line 9); LOAD_CONST False (line 13); RETURN_VALUE
//     L2: POP_BLOCK (line 9); LOAD_CONST False (line 13); RETURN_VALUE
// Test: tests/python/decompile_cases/try_exit_copies.py (if_and_return_then_return,
//     if_ending_try_body)
//
// 3.10 copy short code after a try (`return False`) to where the body ends,
// POP_BLOCK first, once for each path that gets there (each jump of an
// and/or chain, each branch of an if ending the body). Such a POP_BLOCK
// has no line of its own: it takes the line of the code that reaches it.
// A `return` written at the end of the body unwinds on its own line.
#include "decompile/walk/function_decompiler.hpp"

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

// 3.12+ copy a short exit after a try (`return False`) to the end of the
// body, and of each clause, lines and all, with no POP_BLOCK left to tell
// (a `return CONSTANT` written in the body also lies past the protected
// code). The try's except clauses are written after its body: a return
// at `code` on a line at or past their first line is such a copy (or the
// else clause), not the body's own. (`protection`: the try's handler; a
// with's handler starts on the with's own line, before its body, and a
// return after a finally body's copy takes the copy's line: neither
// tells.)
bool FunctionDecompiler::is_copied_try_tail(int code, int protection) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 12 || protection < 0 || code < 0 || code >= count ||
      instrs[protection].op != Op::PushExcInfo)
    return false;
  const int clause = handler_body_start(protection);
  // (After a finally body's copy, a written return takes the copy's last
  // line: only except clauses tell.)
  if (clause >= count || instrs[clause].op == Op::WithExceptStart || instrs[clause].line <= 0 ||
      is_finally_handler(protection))
    return false;
  // (Straight-line code outside the try's protection up to the return.)
  int ret = code;
  while (ret < count && ret - code < 64 && instrs[ret].op != Op::ReturnValue && instrs[ret].target < 0 &&
         !ir::is_conditional_jump(instrs[ret].op) && !within_protection(ret, protection))
    ++ret;
  return ret < count && instrs[ret].op == Op::ReturnValue && !within_protection(ret, protection) &&
         instrs[ret].line >= instrs[clause].line;
}

}  // namespace depyf::decompile
