// Unreachable code where an if statement had an else clause.
//
// Versions: 3.8-3.9.
// Source:
//     if instance is None:
//         ...
//         raise AttributeError()
//     elif self.fget is None:
//         raise AttributeError("x")
//     return self.fget(instance)
// Bytecode:
//     <test>; POP_JUMP_IF_FALSE L1; ...; RAISE_VARARGS 1
//     JUMP_FORWARD end                  (dead: the jump over the else clause)
//     L1: <elif test>; ...
// Test: tests/python/decompile_cases/dead_else_markers.py (raise_then_elif,
//     inner_if_else_returns), tests/python/behaviour_cases/dead_else_marker_shapes.py
//
// ≤3.9 leave unreachable code where an if statement had an else clause:
// the compiler emits the jump over the else clause after every branch,
// and the peephole optimizer drops dead code only after a RETURN_VALUE in
// the same basic block. A branch ending in a raise keeps its jump; a
// branch ending in a compound statement whose end was a jump target (an
// if/else whose branches both return) keeps it too. Such a dead jump, or
// a dead block starting right after a branch, says that there was an
// else clause, which the live flow alone cannot tell (a branch that never
// falls through compiles the same with the rest after the if).
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// The unreachable jump right before `else_start` (the jump over the else
// clause after the branch at `then_start`): its target, or -1.
int FunctionDecompiler::dead_jump_over_else_target(int then_start, int else_start) const {
  if (code_.version.minor > 9 || then_start < 0 || then_start >= else_start - 1 ||
      else_start >= int(function_.instrs.size()))
    return -1;
  const int at = else_start - 1;
  const ir::Instr& jump = function_.instrs[at];
  const cfg::Block& block = graph_.blocks[block_at(at)];
  if (jump.op != Op::Jump || block.reachable || block.first != at) return -1;
  // (Not when the branch goes on to `else_start` itself: the dead jump is
  // then a break or continue ending an inner else clause whose test was
  // threaded to the jump's target.)
  // (Nor when the jump before it is a dead jump over it alone: it is
  // then the dead `else: continue` of an inner if, see
  // threaded_loop_jump_else.)
  if (const ir::Instr& before = function_.instrs[at - 1];
      before.op == Op::Jump && before.target == else_start && !graph_.blocks[block_at(at - 1)].reachable)
    return -1;
  const int then_block = block_at(then_start);
  for (int pred : graph_.blocks[block_at(else_start)].predecessors)
    if (graph_.blocks[pred].reachable && graph_.dominates(then_block, pred)) return -1;
  return jump.target;
}

// ≤3.9 the dead jump back to the loop's header that ends an if's first
// branch (after a compound statement such as a try, whose ends jump past
// it) is a written `continue` when those ends jump straight back to the
// header too: as a jump over an else clause ending the loop body it would
// go to the loop's closing jump, and the ends to it (threaded one jump
// only, to that closing jump: pycparser's yacc parse loops). So the ends
// jump back, and none to the loop body past the dead jump.
bool FunctionDecompiler::dead_jump_is_written_continue(int then_start, int else_start, const Region& region) const {
  if (code_.version.minor > 9 || !region.loop || then_start >= else_start - 1) return false;
  const int dead = else_start - 1;
  // (Not after the branch's own `continue` or `break`: the dead jump is
  // then the one over the else clause.)
  if (function_.instrs[dead - 1].op == Op::Jump && graph_.blocks[block_at(dead - 1)].reachable) return false;
  bool jumps_back = false;
  for (int k = then_start; k < dead; ++k) {
    const ir::Instr& instr = function_.instrs[k];
    if ((instr.op != Op::Jump && !is_conditional_jump(instr.op)) || !graph_.blocks[block_at(k)].reachable) continue;
    if (region.loop->continues_at(instr.target)) {
      // (Only the ends of statements, on their last line: a jump back on
      // a line of its own is a written `continue`, which says nothing.)
      if (instr.op != Op::Jump) continue;
      if (k == 0 || function_.instrs[k - 1].line != instr.line) return false;
      jumps_back = true;
    } else if (instr.target > dead && inside_loop_body(instr.target, region)) {
      return false;
    }
  }
  return jumps_back;
}

// Whether the instruction at `at` needed an EXTENDED_ARG (≤3.9, where
// the peephole optimizer never grows a jump to thread it).
bool FunctionDecompiler::has_extended_arg(int at) const {
  constexpr unsigned char kExtendedArg = 144;  // (3.8/3.9)
  const int offset = function_.instrs[at].offset;
  const std::string& code = function_.code->code;
  return code_.version.minor <= 9 && offset >= 2 && offset - 2 < int(code.size()) &&
         static_cast<unsigned char>(code[offset - 2]) == kExtendedArg;
}

// `if c: X else: continue` (or `break`) in a loop: the else clause is a
// lone jump, so the peephole optimizer threads the test's jump to it on to
// its target, the loop's header (exit), and the clause is left dead right
// after X and X's jump over it (kept even when X never falls through).
// That dead jump to where the test goes, after a jump, says that there was
// such an else clause: `if c: X` followed by `continue` compiles to no jump
// between them. Returns the position of the jump over the clause, or -1.
// (A live jump before it that goes back to the loop or out of it would be
// X's own `continue`/`break`, the dead one a written statement after the if.)
int FunctionDecompiler::threaded_loop_jump_else(int then_start, int else_start, const Region& region) const {
  const int count = int(function_.instrs.size());
  if (code_.version.minor > 9 || !region.loop || then_start < 0 || then_start >= count || else_start < 0 ||
      else_start >= count)
    return -1;
  if (!region.loop->continues_at(else_start) && else_start != region.loop->follow) return -1;
  // X runs from `then_start` to the first dead instruction.
  const int then_block = block_at(then_start);
  int first_dead = then_start;
  while (first_dead < count && graph_.blocks[block_at(first_dead)].reachable) {
    if (!graph_.dominates(then_block, block_at(first_dead))) return -1;
    ++first_dead;
  }
  if (first_dead == then_start || first_dead >= count) return -1;
  // X's jump over the clause: its last instruction, live, going on past
  // the clause, or dead after it.
  const ir::Instr& tail = function_.instrs[first_dead - 1];
  const bool live_over = tail.op == Op::Jump && tail.target > first_dead && !region.loop->continues_at(tail.target) &&
                         tail.target != region.loop->follow;
  const int over = live_over ? first_dead - 1 : first_dead;
  const int clause = over + 1;
  if (clause >= count || function_.instrs[over].op != Op::Jump) return -1;
  const ir::Instr& jump = function_.instrs[clause];
  const cfg::Block& clause_block = graph_.blocks[block_at(clause)];
  if (jump.op != Op::Jump || jump.target != else_start || clause_block.reachable || clause_block.first != clause ||
      clause_block.last != clause)
    return -1;
  // (A test in X that goes where this one does is an inner if whose
  // clause this is.)
  for (int i = then_start; i < over; ++i)
    if (is_conditional_jump(function_.instrs[i].op) && function_.instrs[i].target == else_start) return -1;
  return over;
}

// Whether the code of the branch starting at `head` (the blocks it
// dominates) is followed by an unreachable block that starts right after
// it: the end of an if statement that other branches jumped to, jumps the
// optimizer then dropped after their returns.
bool FunctionDecompiler::dead_label_after_branch(int head) const {
  if (code_.version.minor > 9 || head < 0 || head >= int(function_.instrs.size())) return false;
  const int head_block = block_at(head);
  int last = -1;
  for (const cfg::Block& block : graph_.blocks)
    if (block.reachable && graph_.dominates(head_block, block.id)) last = std::max(last, block.last);
  if (last < 0 || last + 1 >= int(function_.instrs.size())) return false;
  const cfg::Block& after = graph_.blocks[block_at(last + 1)];
  return !after.reachable && after.first == last + 1;
}

// The same for a try statement whose except clauses all leave: a clause
// ending in a raise keeps its `POP_EXCEPT; [unbinding;] JUMP end` after
// it. The try's else clause is compiled after the clauses, so a jump past
// `code_start` (where the body goes on) says that the code there, up to
// the jump's target, was the else clause. Returns that target, or -1.
int FunctionDecompiler::dead_clause_exit_past(int handler, int code_start,
                                              const std::vector<ast::ExceptHandler>& handlers) const {
  if (code_.version.minor > 9 || handler < 0) return -1;
  const int end = std::min(code_start, int(function_.instrs.size()));
  for (int i = handler; i < end; ++i) {
    if (function_.instrs[i].op != Op::PopExcept) continue;
    for (const ast::ExceptHandler& clause : handlers) {
      // (Clauses of a try nested in a clause jump to its own end, inside.)
      if (const int target = dead_clause_exit(i, clause.name.value_or("")); target > code_start) return target;
    }
  }
  return -1;
}

}  // namespace depyf::decompile

namespace depyf::decompile {

// Whether the first branch of an if, read as ending where the dead jump
// over its else clause goes (`dead_target`), reaches code of the region
// past that place without passing it: then the dead jump says nothing
// about this if. (A conditional expression tested as a condition, `if (a
// if b else c):`, leaves the same dead jump over c when a ends in a jump
// of its own, a chained comparison; where it is not read as one, as when
// its parts stand on lines of their own, a's false jump past the if's
// body would be taken for the end of the if.) Jumps threaded on through
// a jump at `dead_target`, and jumps back, are the branch's own.
bool FunctionDecompiler::branch_passes_dead_target(int then_start, int dead_target, const Region& region) const {
  const int count = int(function_.instrs.size());
  if (then_start < 0 || then_start >= count || dead_target < 0 || dead_target >= count) return false;
  const int head = block_at(then_start);
  const int end_block = block_at(dead_target);
  const int threaded_end = resolve_jumps(dead_target);
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{head};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block] || block == end_block) continue;
    seen[block] = 1;
    if (block != head && !graph_.dominates(head, block)) {
      const int instr = graph_.blocks[block].first;
      if (instr > dead_target && resolve_jumps(instr) != threaded_end && (inside(instr, region) || instr == region.stop))
        return true;
      continue;
    }
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
  }
  return false;
}

}  // namespace depyf::decompile
