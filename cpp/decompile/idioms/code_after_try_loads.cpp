// The else clause of a try statement borrows its loads, the code after the
// try statement does not.
//
// Versions: 3.14 only (3.15 borrow in both).
// Source:
//     try:
//         body
//     except E:
//         ...
//     else:
//         f(x)
//     g(y)
// Bytecode:
//     <body>
//     NOP                  (POP_BLOCK)
//     LOAD_FAST_BORROW x   (else clause)
//     ...
//     LOAD_FAST y          (after the try)
//     ...
//     <handlers, moved to the end>
// Test: tests/python/decompile_cases/try_else_in_loop_by_loads_py314.py
//     (else_clause_ends_loop_body, continue_clause_then_code)
//
// The jump over the handlers that ends the try body (or its else clause)
// is dropped once the handlers are moved to the end, and leaves an empty
// block before the code after the try; 3.14's optimize_load_fast
// (flowgraph.c) does not follow a fall-through out of an empty block, so it
// never visits that code and keeps its LOAD_FASTs strong. An else clause
// comes before that block and borrows. Where the except clauses leave (or
// go back to the loop's header), the code the try body falls into is one or
// the other, and its loads tell which. (3.15 borrow in both.) An else
// clause ending in an if statement leaves the same empty block after it:
// the code after the try, the rest of the loop body, loads strongly there.

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// +1 when the code from `from` to the end of its block borrows a local (an
// else clause), -1 when it loads locals only strongly where they would have
// been borrowed (code after the try), 0 when it does not tell or the
// version does not.
int FunctionDecompiler::else_clause_by_loads(int from) const {
  if (code_.version.minor != 14 || from < 0 || from >= int(function_.instrs.size())) return 0;
  const auto& instrs = function_.instrs;
  const cfg::Block& block = graph_.blocks[block_at(from)];
  // (Code that a jump from elsewhere reaches too, the join of an if
  // statement before it, is visited through that jump: it borrows.)
  if (block.first != from || block.predecessors.size() != 1) return 0;
  const int last = block.last;
  bool loads = false;
  for (int i = from; i <= last; ++i) {
    if (instrs[i].op != Op::LoadFast) continue;
    if (borrowed_load(code_, instrs[i])) return 1;
    loads = true;
  }
  // (A lone `break` there: the code it jumps to, when nothing else reaches
  // it, is visited or not with the break, `else: break` against a break
  // after the try.)
  if (!loads && instrs[last].op == Op::Jump && instrs[last].target > last) {
    const cfg::Block& target = graph_.blocks[block_at(instrs[last].target)];
    if (target.first == instrs[last].target && target.predecessors.size() == 1 && target.predecessors[0] == block.id)
      return else_clause_by_loads(target.first);
  }
  return loads_only_strongly(from) ? -1 : 0;
}

// Where the try statement whose else clause starts at `else_start` (and
// borrows) and whose handler is at `handler` ends inside the loop headed by
// `header_block`: the first later
// block of the loop that only the else clause's code reaches and that loads
// only strongly where borrowable (see above); -1 when there is none.
int FunctionDecompiler::try_end_after_borrowing_else(int else_start, int header_block, int handler) const {
  if (code_.version.minor != 14) return -1;
  const cfg::Loop* loop = nullptr;
  for (const cfg::Loop& candidate : graph_.loops)
    if (candidate.header == header_block) loop = &candidate;
  if (loop == nullptr) return -1;
  const auto& instrs = function_.instrs;
  for (const cfg::Block& b : graph_.blocks) {
    // (Not the handlers, which 3.12+ place after the code of the loop.)
    if (b.first <= else_start || (handler > else_start && b.first >= handler) || !b.reachable ||
        !loop->contains[b.id] || b.predecessors.empty() ||
        b.handler_block != graph_.blocks[block_at(else_start)].handler_block)
      continue;
    const bool from_else_only = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
      return graph_.blocks[p].first >= else_start && graph_.blocks[p].first < b.first;
    });
    bool borrows = false;
    for (int i = b.first; i <= b.last; ++i)
      borrows = borrows || (instrs[i].op == Op::LoadFast && borrowed_load(code_, instrs[i]));
    if (from_else_only && !borrows && loads_only_strongly(b.first)) return b.first;
  }
  return -1;
}

}  // namespace depyf::decompile
