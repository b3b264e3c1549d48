// Exit copies: two jump targets that are copies of one short block ending
// the function are the same place for the source.
//
// Versions: all (3.8-3.15); ≤3.9's peephole RETURN_VALUE over a jump, 3.10+
// copies of the implicit `return None`, 3.12+ a copy run into mid-block, 3.14+
// the break's NOP before a copy.
// Source:
//     while c:
//         if d:
//             break
//         g()
//     return x
// Bytecode: (3.10+)
//         <c>; POP_JUMP_IF_FALSE L1
//     L0: <d>; POP_JUMP_IF_FALSE L2
//         NOP (the break's line); LOAD_FAST x; RETURN_VALUE   (the break's copy)
//     L2: <g()>; <c>; POP_JUMP_IF_TRUE L0
//     L1: LOAD_FAST x; RETURN_VALUE                           (the code after the loop)
// Test: tests/python/decompile_cases/while_break_exit_copies.py,
//     tests/python/behaviour_cases/copied_exit_tail_shapes.py,
//     tests/python/decompile_cases/implicit_return_else.py
//
// ≤3.11 (and 3.12+ in places) duplicate a short block that ends the function
// (`return None`, `x = ...; return x`) so that each path jumps to its own
// copy.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

namespace {

constexpr int kMaxExitCopy = 64;

bool ends_path(Op op) {
  return op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise;
}

bool transfers_control(Op op) {
  return op == Op::Jump || op == Op::ForIter || op == Op::JumpIfFalseOrPop || op == Op::JumpIfTrueOrPop ||
         ir::is_conditional_jump(op) || op == Op::Send;
}

}  // namespace

int FunctionDecompiler::resolve_jumps(int index) const {
  for (int guard = 0; guard < 16 && index >= 0 && index < int(function_.instrs.size()); ++guard) {
    if (function_.instrs[index].op != Op::Jump) break;
    index = function_.instrs[index].target;
  }
  return index;
}

// The length of the straight-line code from `a` that equals the code from
// `b` up to and including an instruction that ends the path, or 0 when
// they differ (or are one and the same code).
int FunctionDecompiler::exit_copy_length(int a, int b) const {
  const int count = int(function_.instrs.size());
  if (a < 0 || b < 0 || a >= count || b >= count || a == b) return 0;
  int block_a = block_at(a), block_b = block_at(b);
  for (int n = 0; n < kMaxExitCopy && a + n < count && b + n < count; ++n) {
    const ir::Instr& x = function_.instrs[a + n];
    const ir::Instr& y = function_.instrs[b + n];
    if (x.op != y.op || x.arg != y.arg || x.arg2 != y.arg2 || x.extra != y.extra || x.name != y.name) return 0;
    // A copy keeps the original's line numbers; identical statements on
    // different lines are different source.
    // (POP_BLOCK takes the line of the code before it, not its own; so does
    // the POP_EXCEPT of a break or return leaving an except clause.)
    // (≤3.9's peephole optimizer writes a RETURN_VALUE over a jump to one:
    // that lone copy has the jump's line.)
    const bool peephole_return = code_.version.minor <= 9 && n == 0 && x.op == Op::ReturnValue;
    if (x.handler != y.handler ||
        (x.line != y.line && x.op != Op::PopBlock && x.op != Op::PopExcept && !peephole_return) ||
        transfers_control(x.op))
      return 0;
    if (block_at(a + n) != block_a || block_at(b + n) != block_b) {
      // Both run on into a new block at the same point, the copy's only
      // entered from the code before it: a block split by a change of
      // protection (the POP_BLOCK before a with's exit call), not a join.
      if (block_at(a + n) == block_a || block_at(b + n) == block_b || !falls_only_into(a + n) ||
          function_.instrs[a + n - 1].handler == x.handler)
        return 0;
      block_a = block_at(a + n);
      block_b = block_at(b + n);
    }
    if (ends_path(x.op)) return n + 1;
  }
  return 0;
}

// The length of the straight-line code from `a` that repeats the code from
// `b` (lines aside: a copy of code without a line of its own takes the line
// before it) up to a return, a raise, or a jump to the same place; 0 when
// it does not (or is the same code).
int FunctionDecompiler::code_copy_length(int a, int b) const {
  const int count = int(function_.instrs.size());
  if (a < 0 || b < 0 || a >= count || b >= count || a == b) return 0;
  for (int n = 0; n < kMaxExitCopy && a + n < count && b + n < count; ++n) {
    const ir::Instr& x = function_.instrs[a + n];
    const ir::Instr& y = function_.instrs[b + n];
    if (x.op != y.op || x.arg2 != y.arg2 || x.extra != y.extra || x.name != y.name || x.handler != y.handler ||
        x.target != y.target || (x.target < 0 && x.arg != y.arg))
      return 0;
    if (ends_path(x.op) || x.op == Op::Jump) return n + 1;
    if (transfers_control(x.op)) return 0;
  }
  return 0;
}

// Whether the block starting at `at` is entered only by falling into it.
bool FunctionDecompiler::falls_only_into(int at) const {
  const cfg::Block& block = graph_.blocks[block_at(at)];
  return block.first == at && block.predecessors.size() == 1 && block.predecessors[0] == block_at(at - 1) &&
         graph_.blocks[block_at(at - 1)].last == at - 1;
}

// Whether the statement starting at `at`, in the middle of a block that
// code before it runs on into, is a copy of the exit block at `stop`
// (which other paths jump to); claims the copy.
bool FunctionDecompiler::falls_into_exit_copy(int at, int stop) {
  const int count = int(function_.instrs.size());
  if (code_.version.minor < 12 || at <= 0 || at >= count || stop >= count || visited_[at]) return false;
  const cfg::Block& block = graph_.blocks[block_at(at)];
  if (block.first == at || graph_.blocks[block_at(stop)].first != stop) return false;
  // (Each copy starts a statement: its first instruction starts its line.)
  if (function_.instrs[at - 1].line == function_.instrs[at].line) return false;
  const int length = exit_copy_length(at, stop);
  if (length == 0) return false;
  for (int k = 0; k < length; ++k) visited_[at + k] = 1;
  return true;
}

bool FunctionDecompiler::same_exit(int a, int b) {
  if (a == b) return true;
  // (3.14+ test a while loop at its top: a `break` runs its own copy of a
  // short exit after the loop, behind the NOP of its line, where the
  // loop's test jumps to the original. The NOP says it is a statement of
  // its own, not another jump of the test.)
  const int count = int(function_.instrs.size());
  if (code_.version.minor >= 14 && a >= 0 && b >= 0 && a < count && b < count &&
      function_.instrs[a].nop_line != function_.instrs[b].nop_line)
    return false;
  // 3.10+ copies of the implicit `return None` each take the line of the
  // code that reaches them, so their lines differ.
  if (code_.version.minor >= 10 && returns_none_at(a) && returns_none_at(b) && is_implicit_return_copy(a + 1) &&
      is_implicit_return_copy(b + 1) && graph_.blocks[block_at(b)].first == b &&
      function_.instrs[a].handler == function_.instrs[b].handler) {
    visited_[b] = visited_[b + 1] = 1;
    return true;
  }
  // 3.12+ turn each operand's jump back to a loop's header round over a
  // JUMP_BACKWARD of its own: those are one exit (inverted_backward_jumps.cpp;
  // the condition's reader keeps the last, which it falls into).
  if (same_inverted_condition_exit(a, b)) {
    visited_[b] = 1;
    return true;
  }
  // (Not through jumps: a jump to a jump is a break or continue of its own.)
  const int length = exit_copy_length(b, a);
  if (length == 0 || graph_.blocks[block_at(b)].first != b) return false;
  for (int k = 0; k < length; ++k) visited_[b + k] = 1;
  return true;
}

}  // namespace depyf::decompile
