// Where the repeated test of a `while` loop starts. 3.10+ compile
// `while c: body` as `if c: do { body } while (c)`; when the body ends in
// straight-line code, the latch's copy of `c` shares its basic block, so
// the test starts mid-block: at the longest run of instructions before the
// latch's first jump that repeat, on the `while` line, the ones before the
// top test's first jump.
#include "decompile/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

namespace {

bool same_load(const ir::Instr& a, const ir::Instr& b) {
  auto plain = [](Op op) { return op == Op::LoadFastCheck ? Op::LoadFast : op; };
  return plain(a.op) == plain(b.op) && a.arg == b.arg && a.arg2 == b.arg2 && a.extra == b.extra && a.name == b.name;
}

}  // namespace

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
