// A `break` of a while loop whose jump the compiler replaced by a copy of
// the short code after the loop.
//
// Versions: 3.12+.
// Source:
//     while size < 0 or len(res) < size:      while True:
//         if not b:                               if not self.do_command(ch):
//             break                                   break
//         ...                                     ...
//     return res.take_bytes()                 return self.gather()
// Bytecode:
//     <test>; POP_JUMP_IF_x L; NOP (the break's line); <copy of the code
//     after the loop>; RETURN_VALUE
//     L: ...
// Test: tests/python/decompile_cases/while_break_exit_copies_py314.py
//     (endless_loop_single_break, tested_loop_breaks, written_return_in_body),
//     tests/python/decompile_cases/while_break_exit_copies.py
//
// The jump to code after the loop that ends in a return (or raise) is
// replaced by a copy of that code (3.12+ inline such exit blocks into every
// jump to them); the break's line, having no other instruction, stays as a
// NOP right before the copy (the IR keeps it as `nop_line` of the copy's
// first instruction). A `return` written in the loop body compiles to the
// same code without that NOP, and the order in which co_names met the copied
// code's names tells the two apart: after the loop body's.
//
// With a loop test (`while c:`), the code the loop's test exits to is the
// original and each copy a `break`. Without one (`while True:`), nothing
// but the breaks leaves the loop: every place they go is a copy, one of
// which is taken as the code after the loop.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

// The first instruction of code a dropped break's NOP stands before: the
// NOP's line, earlier than the code's own (the code after the loop comes
// later in the source).
bool after_break_line(const ir::Instr& first) {
  return first.nop_line > 0 && first.line > 0 && first.nop_line < first.line;
}

}  // namespace

std::vector<int> FunctionDecompiler::dropped_break_copies(int header_block, const cfg::Loop& loop, int follow) const {
  std::vector<int> starts;
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 12 || loop.latches.empty() || follow >= count) return starts;
  if (instrs[graph_.blocks[header_block].first].op == ir::Op::ForIter) return starts;
  // (Code outside the loop carries the protection of the latch.)
  const int outside = graph_.blocks[loop.latches[0]].handler_block;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(header_block, b.id) || b.handler_block != outside ||
        b.first == follow || !after_break_line(instrs[b.first]))
      continue;
    // (Only code that leaves: the copy ends in a return or a raise.)
    if (follow >= 0 && exit_copy_length(b.first, follow) <= 0) continue;
    starts.push_back(b.first);
  }
  // Without a loop test, the breaks' copies are of one another: the first
  // is read as the code after the loop.
  if (follow < 0 && !starts.empty()) {
    const int original = starts.front();
    const bool copies = std::all_of(starts.begin() + 1, starts.end(),
                                    [&](int start) { return exit_copy_length(start, original) > 0; });
    // (And only where the function returns nowhere else past the loop:
    // other code that returns there, a conditional jump's `break` to the
    // real code after the loop among it, says the copy was no such code.)
    const int first_block = block_at(starts.front());
    const bool only_return = std::all_of(graph_.blocks.begin(), graph_.blocks.end(), [&](const cfg::Block& b) {
      return !b.reachable || loop.contains[b.id] || instrs[b.last].op != ir::Op::ReturnValue ||
             !graph_.dominates(header_block, b.id) || graph_.dominates(first_block, b.id) ||
             std::any_of(starts.begin() + 1, starts.end(), [&](int s) { return graph_.dominates(block_at(s), b.id); });
    });
    // (And only code that returns, leaving no except clause on its way: a
    // loop in a clause goes on to the clause's end, read elsewhere.)
    bool returns = false, leaves_clause = false;
    for (const cfg::Block& b : graph_.blocks) {
      if (!b.reachable || !graph_.dominates(first_block, b.id)) continue;
      returns = returns || instrs[b.last].op == ir::Op::ReturnValue;
      for (int i = b.first; i <= b.last; ++i)
        leaves_clause = leaves_clause || instrs[i].op == ir::Op::PopExcept;
    }
    if (!copies || !only_return || !returns || leaves_clause) starts.clear();
  }
  return starts;
}

int FunctionDecompiler::dropped_break_follow(int header_block, const cfg::Loop& loop) const {
  const std::vector<int> starts = dropped_break_copies(header_block, loop, -1);
  return starts.empty() ? -1 : starts.front();
}

bool FunctionDecompiler::take_dropped_break(int at, const LoopContext& loop) {
  if (std::find(loop.dropped_breaks.begin(), loop.dropped_breaks.end(), at) == loop.dropped_breaks.end()) return false;
  // (The code after the loop itself is walked after the loop statement.)
  if (at == loop.follow) return true;
  const int length = exit_copy_length(at, loop.follow);
  if (length <= 0) return false;
  for (int k = 0; k < length; ++k) visited_[at + k] = 1;
  return true;
}

}  // namespace depyf::decompile
