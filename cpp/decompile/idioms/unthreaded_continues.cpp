// A written `continue` ending the first branch of an if/else inside an elif
// branch at a loop body's end.
//
// Versions: 3.8-3.9.
// Source:
//     while self.rawq:
//         if not self.seq:
//             g(c)
//         elif len(self.seq) == 1:
//             if c in (a, b):
//                 self.seq += c
//                 continue
//             self.seq = b""
//             if c == a:
//                 g(1)
//             else:
//                 g(2)
//         elif ...
// Bytecode:
//     <c in (a, b)>; POP_JUMP_IF_FALSE L; <self.seq += c>; JUMP_ABSOLUTE header
//                                                  (the continue)
//     L: <self.seq = b"">; <c == a>; POP_JUMP_IF_FALSE M; <g(1)>
//        JUMP_FORWARD end                          (not threaded)
//     M: <g(2)>
//     end: JUMP_ABSOLUTE header                    (the elif chain's end)
// Test: tests/python/decompile_cases/loops_jumps.py
//     (elif_branch_continue_then_code_in_long_loop)
//
// ≤3.9: the peephole optimizer threads a jump to an unconditional jump in
// one forward pass, and only where the new argument fits the old
// instruction's size. An if/else's first branch ends with a jump to the
// end of the statement; when that end is the jump closing an enclosing
// branch (JUMP_FORWARD to the end of an if/elif chain at a loop body's
// end), the threaded jump goes to that chain's end, or, when the new
// target needs an EXTENDED_ARG, stays a JUMP_FORWARD to it. Either way it
// never reaches the loop's header directly: only the loop's own latch or a
// written `continue` jump there unthreaded. So a first branch whose jump
// goes straight to the header, while the if ends at another jump, ended
// in a written `continue`, and the code after it was no else clause
// (telnetlib Telnet.process_rawq).
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// The first branch's last jump, when it goes straight back to the loop's
// header (the branches met there): its index, or -1.
int FunctionDecompiler::header_jump_ending_branch(int then_start, int else_start, const Region& region) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor > 9 || region.loop == nullptr || then_start >= else_start - 1 || else_start < 1 ||
      else_start >= int(instrs.size()))
    return -1;
  const int at = else_start - 1;
  const ir::Instr& jump = instrs[at];
  if (jump.op != Op::Jump || !region.loop->continues_at(jump.target) || jump.target >= at || !visited_[at] ||
      !graph_.blocks[block_at(at)].reachable)
    return -1;
  return at;
}

// Whether the if whose code ends right before `if_end` cannot have been
// reached by threading the first branch's jump to the header: `if_end`
// is no jump straight there that the compiler wrote as such (the loop's
// latch, or a `continue` that leaves the jump ending its branch dead
// after it).
bool FunctionDecompiler::if_end_threads_elsewhere(int if_end, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (region.loop == nullptr || if_end < 0 || if_end >= count) return false;
  const ir::Instr& end = instrs[if_end];
  if (end.op != Op::Jump || !region.loop->continues_at(end.target)) return false;
  if (if_end + 1 == region.loop->exit || if_end + 1 == region.loop->follow) return false;
  if (if_end + 1 < count && !graph_.blocks[block_at(if_end + 1)].reachable) return false;
  // (Only the jump ending an enclosing branch: reached from code before
  // it, and followed by that statement's next branch.)
  return graph_.blocks[block_at(if_end)].first == if_end;
}

}  // namespace depyf::decompile

namespace depyf::decompile {

namespace {
// Code units an argument needs (EXTENDED_ARG prefixes included).
int units_for(int arg) {
  return arg < 0x100 ? 1 : arg < 0x10000 ? 2 : arg < 0x1000000 ? 3 : 4;
}
}  // namespace

// ≤3.9 the other way round: where an if statement ends at the loop's latch
// (its lone jump back to the header, last in the body), a jump from the
// if's code straight to the header is the jump to that end, threaded, not
// a written `continue`: both compile the same. `at` is the jump (-1: a
// conditional jump's target, whose absolute argument always fits).
bool FunctionDecompiler::threaded_through_latch(int at, int stop, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor > 9 || region.loop == nullptr || stop < 0 || stop >= count) return false;
  const int header = region.loop->continue_target;
  if (!is_lone_jump(stop, header) || !(stop + 1 == region.loop->exit || stop + 1 == region.loop->follow)) return false;
  if (at < 0) return true;
  if (at >= stop || instrs[at].op != Op::Jump || instrs[at].target != header) return false;
  // (The JUMP_FORWARD to the latch had room only for its own argument.)
  const int forward = instrs[stop].offset - (instrs[at].offset + 2);
  return units_for(instrs[header].offset) <= units_for(forward);
}

}  // namespace depyf::decompile
