// An except clause of a try that ends a loop body, falling off its end.
//
// Versions: 3.13+ (3.13 started copying line-less exit blocks into each jump).
// Source:
//     for x in items:
//         try:
//             h(x)
//         except KeyError:
//             with cm(x):
//                 h(1)
// Bytecode:
//     handler: ...; <with body>; <exit call>; POP_EXCEPT; JUMP_BACKWARD header
//     (the with's exception exit): ...; POP_EXCEPT; JUMP_BACKWARD header
//     (each a copy of the clause's end; a written `continue` keeps one block)
// Test: tests/python/decompile_cases/clause_ends_loop_body.py (with_ending_clause_in_for,
//     if_ending_clause_in_for)
//
// The clause's end (POP_EXCEPT, the jump back to the loop's header) has no
// line of its own, and 3.13 give every jump to such a block (it checks the
// eval breaker, like an exit) its own copy: unconditional jumps, such as the
// exits of a with statement ending the clause, take the copy in place of the
// jump, conditional ones jump to theirs. A `continue` written there has the
// line of the statement, so its block stays shared and those paths jump to it.
// The walk reads the clause's ending as a `continue` (which compiles alike
// where no path jumps there): where no jump leads to any of the clause's
// ends, the clause fell off its end and that `continue` goes
// (with_ending_clause_in_for in docs/failure_shapes.py).
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

// Whether the clause end at `end` (its POP_EXCEPT) goes straight on to
// `loop_end`, where the loop body ends, and no jump leads there.
bool FunctionDecompiler::clause_end_falls_to_loop_end(int end, const std::string& name, int loop_end,
                                                      const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (end < 0 || end >= count || instrs[end].op != Op::PopExcept) return false;
  const int exit = loop_exit_jump(after_name_unbinding(end + 1, name), region);
  if (exit < 0 || instrs[exit].op != Op::Jump || instrs[exit].target != loop_end) return false;
  // (A jump to the NOP that starts a `while True:` body is a written
  // `continue`: the body's end jumps past it, header_nop_continues.cpp.)
  if (instrs[exit].target_is_nop) return false;
  bool jumped_to = false;
  for (int k = 0; k < count && !jumped_to; ++k)
    jumped_to = instrs[k].target == end && graph_.blocks[block_at(k)].reachable;
  if (!jumped_to) return true;
  // (Jumps lead there, but the end was copied for them, which only a
  // block without a line of its own is: a while loop ending the clause
  // exits by its top test and by its latch, each to its own copy, both on
  // the while's line. A written `continue` is one block.)
  for (const cfg::Block& b : graph_.blocks)
    if (b.reachable && b.first != end && instrs[b.first].line == instrs[end].line && copied_clause_end(b.first, end))
      return true;
  return false;
}

// `ends`: each clause's ending POP_EXCEPTs, as decode_except_clauses found
// them; `loop_end`: where the try, ending the loop body, goes on.
void FunctionDecompiler::drop_fallen_off_continues(std::vector<ast::ExceptHandler>& handlers,
                                                   const std::vector<std::vector<int>>& ends, int loop_end,
                                                   const Region& region) const {
  if (code_.version.minor < 13 || region.loop == nullptr || ends.size() != handlers.size()) return;
  for (std::size_t c = 0; c < handlers.size(); ++c) {
    ast::Body& body = handlers[c].body;
    if (body.empty() || !ast::as<ast::Continue>(body.back()) || ends[c].empty()) continue;
    const std::string name = handlers[c].name.value_or("");
    bool natural = true;
    for (const int end : ends[c]) natural = natural && clause_end_falls_to_loop_end(end, name, loop_end, region);
    if (!natural) continue;
    body.pop_back();
    if (body.empty()) body.push_back(make::pass());
  }
}

}  // namespace depyf::decompile
