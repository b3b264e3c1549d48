// The `break` / `continue` that ends a branch of an if inside protected
// code (a try or with body) but lies outside that protection.
//
// Versions: all (3.8-3.15); the jump placed after the protected range 3.11+,
// the with's exit call every version, the finally copy before it 3.9+.
// Source:
//     for x in xs:
//         with cm:
//             if x:
//                 continue          (or break)
//             g(x)
// Bytecode:
//     <x>; POP_JUMP_IF_FALSE L       (protected)
//     <cm.__exit__(None, None, None)>; POP_TOP
//                                    (3.8: POP_BLOCK; BEGIN_FINALLY;
//                                    WITH_CLEANUP_START/FINISH; POP_FINALLY 0)
//     JUMP to the header (continue) or past the loop (break)
//     L: <g(x)>                      (protected)
// Test: tests/python/decompile_cases/with_in_loops.py (for_with_continue,
//     for_with_break), tests/python/behaviour_cases/with_loop_jump_shapes.py
//
// 3.11+ put the jump of such a statement after the protected range, and a
// with body calls __exit__(None, None, None) before leaving (every version),
// so the branch's walk stops where the jump or the exit call begins.
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

// The statement at `at` and how many instructions it takes, or null.
// `base_depth` is the stack depth before the if; `branch_stack` the
// branch's stack where it stopped.
std::pair<ast::StmtPtr, int> FunctionDecompiler::branch_loop_jump(int at, const Region& region, std::size_t base_depth,
                                                                  const Stack& branch_stack) const {
  const int count = int(function_.instrs.size());
  if (at < 0 || at >= count || !region.loop || region.protection < 0 || within_protection(at, region.protection) ||
      visited_[at])
    return {nullptr, 0};
  // Leaving a with body: its exit call (one per with left, ≤3.10 after
  // the POP_BLOCK of each inner one) drops the __exit__ slot, then the
  // jump follows.
  if (region.with_handler >= 0 && at != region.with_normal_exit) {
    Stack rest = branch_stack;
    int next = at;
    for (int n; (n = with_exit_call_length(next)) > 0;) {
      const std::size_t slots = with_exit_slots();
      if (rest.size() < slots || rest.back().kind != Value::Kind::WithExit || base_depth < slots) return {nullptr, 0};
      rest.resize(rest.size() - slots);
      base_depth -= slots;
      next += n;
      while (next < count && function_.instrs[next].op == Op::PopBlock) ++next;
    }
    if (next != at) {
      // (A with inside an except clause: the clause's POP_EXCEPT, and those
      // of clauses around it, come before the jump. The clauses are inside
      // the loop: leaving a clause around the loop takes no POP_EXCEPT.)
      if (const int past = past_enclosing_clause_exits(next); past != next) {
        const int jump = loop_exit_jump(past, region);
        // (3.10+: a for loop's break before the implicit `return None`
        // runs a copy of it, which has no line of its own.)
        const bool for_loop = function_.instrs[graph_.blocks[region.loop->header_block].first].op == Op::ForIter;
        if (jump < 0 && for_loop && past + 2 < count && function_.instrs[past].op == Op::PopTop &&
            loads_none(past + 1) && function_.instrs[past + 2].op == Op::ReturnValue &&
            is_implicit_return_copy(past + 2) && returns_none_at(region.loop->follow))
          return {make::break_(), past + 3 - at};
        if (jump < 0) return {nullptr, 0};
        return {loop_exit_statement(jump, region), jump + 1 - at};
      }
      Region outside = region;
      outside.with_handler = -1;
      auto [statement, length] = branch_loop_jump(next, outside, base_depth, rest);
      return {statement, statement ? next - at + length : 0};
    }
  }
  // Leaving a try body with a finally clause: the finally body's copy
  // runs first (≤3.10 after POP_BLOCK). A for loop's `return CONSTANT`,
  // or a break whose loop is followed by a copied `return CONSTANT`, drops
  // the iterator after it: the two compile alike, read as the return.
  // (3.8 call the one finally body: CALL_FINALLY.)
  const bool calls_finally = function_.instrs[at].op == Op::CallFinally;
  if (region.finally_length > 0 || calls_finally) {
    const int next = past_finally_copies(at, region);
    // (3.9 end a try body in a loop the same way, by the copy and a jump
    // back to the header: a written statement has a line of its own.)
    const bool own_line = calls_finally || code_.version.minor >= 10 || next <= at || next >= count ||
                          function_.instrs[next].line != function_.instrs[next - 1].line;
    if (next != at && !own_line) return {nullptr, 0};
    if (next != at) {
      Region outside = region;
      outside.finally_length = 0;
      outside.outer_finally = nullptr;
      auto [statement, length] = branch_loop_jump(next, outside, base_depth, branch_stack);
      if (statement) return {statement, next - at + length};
      const bool drops_iterator = next + 2 < count && function_.instrs[next].op == Op::PopTop &&
                                  !branch_stack.empty() && branch_stack.back().kind == Value::Kind::Iterator;
      const int load = drops_iterator ? next + 1 : next;
      if (load + 1 < count && function_.instrs[load].op == Op::LoadConst &&
          function_.instrs[load + 1].op == Op::ReturnValue && kind_ != CodeKind::Module && kind_ != CodeKind::Class) {
        // (3.14+ small ints and 3.15 None are implicit constants past co_consts.)
        if (const ConstantPtr constant = function_.constant(function_.instrs[load].arg))
          return {return_statement(make::constant(constant)), load + 2 - at};
      }
      return {nullptr, 0};
    }
  }
  const ir::Instr& jump = function_.instrs[at];
  if (jump.op == Op::Jump) {
    if (region.loop->continues_at(jump.target)) return {make::continue_(), 1};
    if (jump.target == region.loop->follow) return {make::break_(), 1};
    return {nullptr, 0};
  }
  // 3.12+ run a `break` of a while loop that ends the protected code
  // through its own copy of the code after the loop (which lies outside
  // the protection too): running the copy is leaving the loop.
  // (The loop's own exit, where its test fails, may be such a copy as
  // well: the loop's follow is then where the copies go on to.)
  const bool while_loop = function_.instrs[graph_.blocks[region.loop->header_block].first].op != Op::ForIter;
  const bool same_depth = branch_stack.size() == base_depth;
  // (3.13: a copy of the end of the except* clause whose body the loop
  // ends, after its else clause if it has one.)
  if (while_loop && same_depth)
    if (const int n = except_star_clause_end_copy(at, region); n > 0) return {make::break_(), n};
  // (Past a finally copy, the code after the loop itself, which has no
  // other place: finally_break_follow.cpp.)
  if (while_loop && same_depth && at == region.loop->follow && region.loop->exit < 0) return {make::break_(), 0};
  for (const int after_loop : {region.loop->follow, region.loop->exit}) {
    if (!while_loop || !same_depth || after_loop < 0 || after_loop == at ||
        within_protection(after_loop, region.protection))
      continue;
    if (const int n = code_copy_length(at, after_loop); n > 0) return {make::break_(), n};
  }
  // A for loop's break pops the iterator, then jumps to the code after
  // the loop or runs a copy of it (3.12+).
  if (jump.op != Op::PopTop || branch_stack.empty() || branch_stack.back().kind != Value::Kind::Iterator)
    return {nullptr, 0};
  if (at + 1 < count && function_.instrs[at + 1].op == Op::Jump &&
      function_.instrs[at + 1].target == region.loop->follow)
    return {make::break_(), 2};
  if (const int n = break_to_exit_copy(at, region, branch_stack); n > 0) return {make::break_(), n};
  return {nullptr, 0};
}

}  // namespace depyf::decompile
