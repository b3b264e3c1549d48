// Where the repeated test of a `while` loop starts. 3.10+ compile
// `while c: body` as `if c: do { body } while (c)`; when the body ends in
// straight-line code, the latch's copy of `c` shares its basic block, so
// the test starts mid-block: at the longest run of instructions before the
// latch's first jump that repeat, on the `while` line, the ones before the
// top test's first jump.
#include "decompile/function_decompiler.hpp"

namespace depyf::decompile {

using ir::is_conditional_jump;
using ir::Op;

namespace {

bool same_load(const ir::Instr& a, const ir::Instr& b) {
  auto plain = [](Op op) { return op == Op::LoadFastCheck ? Op::LoadFast : op; };
  return plain(a.op) == plain(b.op) && a.arg == b.arg && a.arg2 == b.arg2 && a.extra == b.extra && a.name == b.name;
}

Op inverted(Op op) {
  switch (op) {
    case Op::PopJumpIfFalse: return Op::PopJumpIfTrue;
    case Op::PopJumpIfTrue: return Op::PopJumpIfFalse;
    case Op::PopJumpIfNone: return Op::PopJumpIfNotNone;
    case Op::PopJumpIfNotNone: return Op::PopJumpIfNone;
    default: return op;
  }
}

}  // namespace

// A compound test (`while a or b:`) is repeated jump for jump: walk both
// copies backwards in step from their last jumps (which differ: the top one
// leaves, the latch one loops). A jump into the body is a conditional jump
// back (≤3.11) or, 3.12+, an inverted jump over a JUMP_BACKWARD. The latch
// copy starts where the two stop matching, provided the top's first jump
// was matched.
int FunctionDecompiler::repeated_compound_test_start(int latch_last, int top_first, int top_last, int lowest) const {
  const auto& instrs = function_.instrs;
  int k = latch_last - 1;
  int t = top_last - 1;
  while (k >= lowest && t >= 0) {
    const ir::Instr& a = instrs[k];
    const ir::Instr& b = instrs[t];
    if (is_conditional_jump(b.op)) {
      if (is_conditional_jump(a.op) && a.op == b.op && a.target == b.target) {
        --k;
      } else if (a.op == Op::Jump && a.target == b.target && k - 1 >= lowest &&
                 instrs[k - 1].op == inverted(b.op) && instrs[k - 1].target == k + 1) {
        k -= 2;
      } else {
        break;
      }
    } else {
      if (a.target >= 0 || !same_load(a, b) || a.line != b.line) break;
      --k;
    }
    --t;
  }
  return t < top_first ? k + 1 : -1;
}

int FunctionDecompiler::repeated_test_start(int block_first, int latch_jump, int top_jump) const {
  const auto& instrs = function_.instrs;
  const int line = instrs[latch_jump].line;
  int start = latch_jump;
  for (int k = latch_jump - 1, t = top_jump - 1; k >= block_first && t >= 0 && t != k; --k, --t) {
    if (!same_load(instrs[k], instrs[t]) || instrs[k].line != line) break;
    start = k;
  }
  return start;
}

}  // namespace depyf::decompile
