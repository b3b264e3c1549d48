// A condition never reads on into code that a try (or with) body starts.
//
// Versions: all (3.8-3.15).
// Source:
//     if not a:
//         try:
//             if not b:
//                 g()
//         except E: ...
//     after: ...
// Bytecode:
//     LOAD a; POP_JUMP_IF_TRUE after
//     (3.11+ NOP; ≤3.10 SETUP_FINALLY)
//     LOAD b; POP_JUMP_IF_TRUE after   (protected)
//     ...
// Test: tests/python/decompile_cases/if_around_try_around_if.py (if_around_try_around_if,
//     and_test_then_try_test)
//
// An if statement whose body starts with a try whose body starts with
// another if, both leaving for the same place: the two tests jump to one
// target and sit in consecutive blocks, as `if not (a or b):` does; only the
// exception table tells them apart. Read as one condition, the second test
// left the try body and its exceptions escaped the except clause. A test
// under a handler the first test is not under starts a statement of its own.
#include "decompile/idioms/try_entry_operands.hpp"

namespace depyf::decompile {

bool enters_try_body(const ir::Function& function, const cfg::Graph& graph, int from_block, int block) {
  const int handler = graph.blocks[block].handler_block;
  if (handler < 0) return false;
  const int handler_first = graph.blocks[handler].first;
  // The handlers around the first test, innermost first.
  int around = function.instrs[graph.blocks[from_block].first].handler;
  for (int depth = 0; around >= 0 && depth < 64; ++depth) {
    if (around == handler_first) return false;
    around = function.instrs[around].handler;
  }
  return true;
}

}  // namespace depyf::decompile
