// A return whose value was computed before its finally copy
// (header: finally_value_returns.hpp).
#include "decompile/idioms/finally_value_returns.hpp"

namespace depyf::decompile {

namespace {

using ir::Op;

// (Copies may choose LOAD_FAST or LOAD_FAST_CHECK per path.)
bool same_load(Op a, Op b) {
  auto fast = [](Op op) { return op == Op::LoadFast || op == Op::LoadFastCheck; };
  return a == b || (fast(a) && fast(b));
}

}  // namespace

bool returns_value_across_finally_copy(const ir::Function& function, int finally_start, int at) {
  const auto& instrs = function.instrs;
  const int count = int(instrs.size());
  // (≤3.10 end the protection with POP_BLOCK first.)
  while (at >= 0 && at < count && instrs[at].op == Op::PopBlock) ++at;
  if (finally_start < 0 || at < 0 || at == finally_start) return false;
  for (int k = 0; finally_start + k < count && at + k < count && k < 64; ++k) {
    const ir::Instr& original = instrs[finally_start + k];
    const ir::Instr& copy = instrs[at + k];
    // (An empty finally body leaves no copy to tell by.)
    if (original.op == Op::Reraise) return k > 0 && copy.op == Op::ReturnValue;
    // (Straight-line bodies only: a copy with branches is read elsewhere.)
    if (original.target >= 0 || copy.target >= 0 || !same_load(original.op, copy.op) || original.arg != copy.arg ||
        original.arg2 != copy.arg2 || original.extra != copy.extra || original.name != copy.name)
      return false;
  }
  return false;
}

}  // namespace depyf::decompile
