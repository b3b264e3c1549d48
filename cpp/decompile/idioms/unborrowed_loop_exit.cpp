// `while True:` whose body ends in `if c: break`, followed by code after
// the loop.
//
// Versions: 3.14 only (3.15 visits the block: it borrows either way).
// Source:
//     while True:
//         ...
//         if c:
//             break
//     after(x)
// Bytecode:
//     L1: ...
//         POP_JUMP_IF_x c -> L2
//         NOT_TAKEN
//         JUMP_BACKWARD L1
//     L2: NOP            (the break's line)
//         LOAD_FAST x    (strong)
// Test: tests/python/decompile_cases/endless_loop_final_break_py314.py
//     (final_break_then_return, final_break_then_statements)
//
// Without the break (`if not c: continue` then the same code inside the
// loop, the loop left by its `return` or `raise`) the bytecode is the same
// but for the NOP. What tells the two apart is the load: 3.14's
// optimize_load_fast (flowgraph.c) only visits blocks it reaches from the
// entry through jumps and non-empty fall-through blocks, and the break's
// block is left empty when its jump is dropped, so the code after the loop
// is never visited and keeps every LOAD_FAST strong, even ones consumed
// straight away. Code written inside the loop borrows them. (3.15 visits
// the block: it borrows either way.)
//
// Code after a try statement is never visited either (code_after_try_loads
// .cpp): where the test that leaves the loop stands after a try in the loop
// body, with no borrowed load between, its strong loads tell nothing
// (tomli parse_inline_table: `try: ... except KeyError: raise ...` then
// `if c == "}": return ...` ending an endless loop; test:
// endless_loop_final_break_py314.py, return_after_try_in_loop).

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

namespace {

// Instructions that consume the value pushed just before them: a load of a
// local right before one is borrowed wherever optimize_load_fast visits it.
bool consumes_top(Op op) {
  switch (op) {
    case Op::LoadAttr:
    case Op::LoadMethod:
    case Op::StoreAttr:
    case Op::BinaryOp:
    case Op::Compare:
    case Op::Call:
    case Op::ReturnValue: return true;
    default: return false;
  }
}

}  // namespace

// Whether the code from `from` to the end of its block loads a local
// strongly where it would have been borrowed, and borrows none.
bool FunctionDecompiler::loads_only_strongly(int from) const {
  const auto& instrs = function_.instrs;
  const int last = graph_.blocks[block_at(from)].last;
  bool strong_where_borrowable = false;
  for (int i = from; i <= last; ++i) {
    if (instrs[i].op != Op::LoadFast) continue;
    if (borrowed_load(code_, instrs[i])) return false;
    // (A NULL pushed after a callable is no use of it.)
    int next = i + 1;
    while (next <= last && instrs[next].op == Op::PushNull) ++next;
    if (next <= last && (consumes_top(instrs[next].op) || ir::is_conditional_jump(instrs[next].op)))
      strong_where_borrowable = true;
  }
  return strong_where_borrowable;
}

// Whether block `from`, in a loop body, may be left unvisited by 3.14's
// optimize_load_fast for standing after a try statement in the body:
// going up its dominators towards the loop's header, code that loads
// locals only strongly, or the first block after a try body, is met before
// any borrowed load.
bool FunctionDecompiler::unvisited_after_try(int from, int header_block) const {
  const auto& instrs = function_.instrs;
  for (int b = from; b >= 0;) {
    const cfg::Block& block = graph_.blocks[b];
    for (int i = block.first; i <= block.last; ++i)
      if (instrs[i].op == Op::LoadFast && borrowed_load(code_, instrs[i])) return false;
    if (loads_only_strongly(block.first)) return true;
    if (b == header_block) return false;
    const int up = graph_.idom[b];
    if (up < 0 || up == b) return false;
    if (graph_.blocks[up].handler_block >= 0 && graph_.blocks[up].handler_block != block.handler_block) return true;
    b = up;
  }
  return false;
}

// The code after a 3.14 endless loop that its final `if c: break` leaves
// to (see above), in a block outside the loop that a loop block enters:
// at the block's start or, where the break had statements of its own
// before it (`else: f(); break`), at the NOP of the break's line; -1 when
// there is not exactly one such place.
int FunctionDecompiler::unborrowed_break_target(int header_block, const cfg::Loop& loop) const {
  if (code_.version.minor != 14) return -1;
  const auto& instrs = function_.instrs;
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(header_block, b.id) ||
        b.handler_block != graph_.blocks[header_block].handler_block)
      continue;
    const bool entered_from_loop =
        std::any_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) { return loop.contains[p]; });
    if (!entered_from_loop) continue;
    if (std::any_of(b.predecessors.begin(), b.predecessors.end(),
                    [&](int p) { return loop.contains[p] && unvisited_after_try(p, header_block); }))
      continue;
    for (int k = b.first; k <= b.last; ++k) {
      const bool break_line = instrs[k].nop_line != 0 && instrs[k].nop_line != instrs[k].line;
      if (k != b.first && !break_line) continue;
      if (!loads_only_strongly(k)) continue;
      if (found >= 0) return -1;
      found = k;
      break;
    }
  }
  return found;
}

}  // namespace depyf::decompile
