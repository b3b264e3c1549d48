// `return value` ending a finally body inside an enclosing try.
//
// Versions: 3.8 only (one finally body shared by all paths).
// Source:
//     try:
//         try:
//             BODY
//         finally:
//             return VALUE
//     except E:
//         ...
// Bytecode: (one finally body shared by all paths, decompile_shared_finally)
//     LOAD_CONST None; SETUP_FINALLY H; BODY; POP_BLOCK; BEGIN_FINALLY
//  H: VALUE; POP_FINALLY 1; ROT_TWO; POP_TOP; POP_BLOCK (the enclosing
//     try's); RETURN_VALUE; END_FINALLY (dead); POP_TOP (dead)
//     (`return CONSTANT`: POP_FINALLY 0; POP_TOP; POP_BLOCK; the constant;
//     an enclosing finally: CALL_FINALLY before RETURN_VALUE.)
// Test: tests/python/behaviour_cases/finally_return_in_enclosing_try_shapes.py
//     (return_in_finally_in_try_except, return_in_finally_in_try_finally,
//     return_in_finally_in_finally_in_try_except,
//     return_in_finally_in_except_clause_in_try_finally);
//     tests/python/decompile_cases/finally_return_nested_clause.py
//     (two finally bodies deep: a POP_FINALLY 0; POP_TOP for each; in an
//     except clause: its POP_EXCEPT before POP_BLOCK, where the walk
//     stopped taking it for the clause's end)
//
// The walk of the finally body stops where it leaves the enclosing try's
// protection, with the value on the stack or the constant to come; left so,
// the return was lost (the function went on after the try and returned
// None).
#include <algorithm>

#include "decompile/idioms/shared_finally_loop_exit.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

// Finishes that return inside the finally body (true), given where the
// walk stopped, the dead END_FINALLY `end` and the stack the finally body
// started with (`base` values, the None pushed for it on top).
bool FunctionDecompiler::finish_return_in_shared_finally(int stopped, int end, const Region& finally_region,
                                                         std::size_t base, Stack& finally_stack,
                                                         ast::Body& finally_body) {
  const auto& instrs = function_.instrs;
  if (stopped < 0 || stopped >= end || end < 1 || instrs[end - 1].op != Op::ReturnValue) return false;
  // (Inside an except clause, the walk stopped at the clause's POP_EXCEPT,
  // taken for the clause's end: the return's unwinding leaves the clause
  // too, `except E: try: ... finally: return`.)
  std::vector<int>* clause_ends = finally_region.clause_ends;
  const bool at_clause_exit = instrs[stopped].op == Op::PopExcept && clause_ends &&
                              std::find(clause_ends->begin(), clause_ends->end(), stopped) != clause_ends->end();
  if (visited_[stopped] && !at_clause_exit) return false;
  // (The None under the finally body is dropped on the way: replaced by
  // the value (ROT_TWO; POP_TOP), or popped before a constant is loaded.)
  // (Nested in enclosing finally bodies too: their Nones are dropped on
  // the way as well, POP_FINALLY 0; POP_TOP for each; finish_return must
  // then reach END_FINALLY exactly.)
  if (base == 0 || finally_stack.size() > base) return false;
  // (Only a return that ends the finally body on its one path: a jump to
  // the code between it and END_FINALLY is a path around it, and the walk
  // may have stopped inside a branch, `if c: return value`, which the
  // finally body's walk read as falling through.)
  for (const ir::Instr& instr : instrs)
    if (instr.target > stopped && instr.target <= end) return false;
  const std::vector<char> visited_before = visited_;
  Stack return_stack = finally_stack;
  ast::Body statements;
  int i = stopped;
  if (!finish_return(i, finally_region, return_stack, statements) || i != end) {
    visited_ = visited_before;
    return false;
  }
  finally_stack = return_stack;
  if (at_clause_exit)
    clause_ends->erase(std::remove(clause_ends->begin(), clause_ends->end(), stopped), clause_ends->end());
  for (ast::StmtPtr& statement : statements) finally_body.push_back(statement);
  return true;
}

// (A loop inside the finally body whose exit runs into END_FINALLY, the
// loop's end not found (`while (a and b) in c:` read as `while 1:`): the
// walk of its body reaching END_FINALLY stops as if that path left, and
// the exit was lost, the loop never ending. walk_region refuses it.)
bool inside_shared_finally_body(const std::vector<ir::Instr>& instrs, int at, int end) {
  const int count = int(instrs.size());
  if (at < 0 || end >= count || at >= end) return false;
  for (int setup = 0; setup < at; ++setup) {
    if (instrs[setup].op != Op::SetupFinally) continue;
    const int handler = instrs[setup].target;
    if (handler < 0 || handler > at) continue;
    // (Its END_FINALLY: nested SETUP_* each end in one of their own.)
    int depth = 0;
    int k = handler;
    for (; k < count; ++k) {
      const Op op = instrs[k].op;
      if ((op == Op::SetupFinally &&
           !(instrs[k].target >= 0 && instrs[k].target < count && instrs[instrs[k].target].op == Op::EndAsyncFor)) ||
          op == Op::SetupWith || op == Op::SetupAsyncWith)
        ++depth;
      if (op == Op::EndFinally) {
        if (depth == 0) break;
        --depth;
      }
    }
    if (k == end) return true;
  }
  return false;
}

}  // namespace depyf::decompile
