// `if __debug__:` blocks. The compiler folds `__debug__` to True and drops
// the test, so the block's statements stand alone in the bytecode; 3.10 and
// 3.11 still add that True to co_consts, unreferenced, when they compile the
// test. An unreferenced True (where no `while True:` explains it) says a
// debug block began where the constants after it in co_consts begin.
#include "ast/children.hpp"
#include "decompile/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

void FunctionDecompiler::restore_debug_block(ast::Body& body) const {
  if (code_.version.minor != 10 && code_.version.minor != 11) return;
  const int count = int(code_.consts.size());
  const std::vector<int> first_load = first_constant_loads();
  int true_at = -1;
  for (int k = 0; k < count && true_at < 0; ++k) {
    const Constant& constant = *code_.consts[k];
    if (constant.kind == Constant::Kind::Bool && constant.boolean && first_load[k] < 0) true_at = k;
  }
  // (A `while True:` explains the True by itself.)
  if (true_at < 0 || printed_while_true_) return;
  // The line of the first code that brought a constant after the True.
  int line = -1;
  for (int k = true_at + 1; k < count && line < 0; ++k)
    if (first_load[k] >= 0) line = function_.instrs[first_load[k]].line;
  if (line <= 0) return;
  // The line of the code that last brought a constant before the True
  // (not None: an implicit return meets it at the end).
  int before_line = -1;
  for (int k = true_at - 1; k >= 0 && before_line < 0; --k)
    if (first_load[k] >= 0 && !loads_none(first_load[k])) before_line = function_.instrs[first_load[k]].line;
  // The statement holding that line: inside a compound statement that
  // began before the True was met (its test brought that constant), the
  // block stood in one of its bodies.
  ast::Body* level = &body;
  for (int depth = 0; depth < 64; ++depth) {
    int at = -1;
    for (int s = 0; s < int(level->size()); ++s)
      if ((*level)[s]->lineno > 0 && (*level)[s]->lineno <= line) at = s;
    if (at < 0 || ast::as<ast::Return>((*level)[at])) return;
    const ast::StmtPtr& statement = (*level)[at];
    const std::vector<ast::Body*> inner = ast::child_bodies(*statement);
    if (before_line > 0 && statement->lineno <= before_line && !inner.empty()) {
      ast::Body* next = nullptr;
      for (ast::Body* candidate : inner)
        if (!candidate->empty() && candidate->front()->lineno > 0 && candidate->front()->lineno <= line)
          next = candidate;
      if (next == nullptr) return;
      level = next;
      continue;
    }
    const int lineno = statement->lineno;
    auto block = make::if_(make::name("__debug__"), {statement});
    block->lineno = lineno;
    (*level)[at] = block;
    return;
  }
}

}  // namespace depyf::decompile
