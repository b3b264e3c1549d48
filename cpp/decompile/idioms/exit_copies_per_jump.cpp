// A jump to an exit block gets its own copy of it.
//
// Versions: 3.14+ (no RETURN_CONST).
// Source:
//     if a and f():          if a < b < c:
//         return a               return 1
//     (implicit return None)  return 2
// Bytecode:
//     a: POP_JUMP_IF_FALSE L2   first <: POP_JUMP_IF_FALSE L1
//     f(): POP_JUMP_IF_FALSE L1 second <: POP_JUMP_IF_FALSE L2
//     return a                  return 1
//     L1: LOAD_CONST None; RETURN_VALUE   L1: POP_TOP; LOAD 2; RETURN_VALUE
//     L2: LOAD_CONST None; RETURN_VALUE   L2: LOAD 2; RETURN_VALUE
// Test: tests/python/decompile_cases/exit_copies_per_jump.py (and_test_then_implicit_return,
//     chained_compare_then_return)
//
// flowgraph.c gives every jump to a line-less exit block (the implicit
// `return None`) a copy of its own (duplicate_exits_without_lineno), and
// replaces a jump to an exit block of at most four instructions with a
// copy of it (the chained comparison's JUMP after its POP_TOP). A
// conditional expression, `return a if a and f() else None`, sends every
// jump of its test's false side to the one block that loads the else
// value and falls into the shared return: it has no copies. 3.12/3.13 told
// the two apart by RETURN_CONST (a written constant return), which 3.14
// removed; the copies tell instead.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

bool FunctionDecompiler::condition_jumps_to_exit_copies(const Condition& condition) const {
  if (code_.version.minor < 14) return false;
  const int count = int(function_.instrs.size());
  std::vector<int> landings;
  for (int block : condition.blocks) {
    const ir::Instr& last = function_.instrs[graph_.blocks[block].last];
    if (!ir::is_conditional_jump(last.op) || last.target < 0) continue;
    int at = last.target;
    // (A chained comparison's jump goes to the POP_TOP of its kept operand.)
    while (at < count && function_.instrs[at].op == Op::PopTop) ++at;
    landings.push_back(at);
  }
  for (std::size_t i = 0; i < landings.size(); ++i)
    for (std::size_t j = i + 1; j < landings.size(); ++j)
      if (const int n = code_copy_length(landings[i], landings[j]);
          n > 0 && function_.instrs[landings[i] + n - 1].op == Op::ReturnValue)
        return true;
  return false;
}

}  // namespace depyf::decompile
