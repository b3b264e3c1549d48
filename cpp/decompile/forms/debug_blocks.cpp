// `if __debug__:` blocks. The compiler folds `__debug__` to True and drops
// the test, so the block's statements stand alone in the bytecode; 3.10 and
// 3.11 still add that True to co_consts, unreferenced, when they compile the
// test, and 3.14+ again (3.12 and 3.13 fold it before code generation).
// An unreferenced True (where no `while True:` explains it) says a debug
// block began where the constants after it in co_consts begin.
#include <algorithm>

#include "ast/children.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

namespace {

// A tuple or frozenset constant with a True among its items, at any depth.
bool holds_folded_true(const Constant& constant) {
  if (constant.kind != Constant::Kind::Tuple && constant.kind != Constant::Kind::FrozenSet) return false;
  return std::any_of(constant.items.begin(), constant.items.end(), [](const ConstantPtr& item) {
    return item && ((item->kind == Constant::Kind::Bool && item->boolean) || holds_folded_true(*item));
  });
}

}  // namespace

void FunctionDecompiler::restore_debug_block(ast::Body& body) const {
  if (code_.version.minor != 10 && code_.version.minor != 11 && code_.version.minor < 14) return;
  const int count = int(code_.consts.size());
  const std::vector<int> first_load = first_constant_loads();
  // The line of the first code that brought a constant after constant k.
  auto next_line = [&](int k) {
    for (int j = k + 1; j < count; ++j)
      if (first_load[j] >= 0 && !(code_.version.minor >= 14 && loads_none(first_load[j])))
        return function_.instrs[first_load[j]].line;
    return -1;
  };
  int true_at = -1;
  for (int k = 0; k < count && true_at < 0; ++k) {
    const Constant& constant = *code_.consts[k];
    if (constant.kind == Constant::Kind::Bool && constant.boolean && first_load[k] < 0) true_at = k;
  }
  // (A `while True:` explains the True by itself.)
  if (true_at < 0 || printed_while_true_) return;
  // (3.10/3.11 also leave the items of a tuple of constants they folded
  // in co_consts, unreferenced: defaults `(None, True)` of a method in a
  // class body. A later tuple holding a True may explain it.)
  if (code_.version.minor <= 11 &&
      std::any_of(code_.consts.begin() + true_at + 1, code_.consts.end(),
                  [](const ConstantPtr& constant) { return holds_folded_true(*constant); }))
    return;
  // The line of the first code that brought a constant after the True.
  // (3.14+: not a None either, whose first load may be much later: an
  // `x is None` test brought it and then jumps on None without it.)
  const int line = next_line(true_at);
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
    // 3.14+ also add unreferenced Trues for other reasons: the block is
    // taken only where the NOP of the `if __debug__:` line, a line no
    // instruction has, stands before the statement. (`if __debug__ and x:`
    // leaves none, and is not restored.)
    if (code_.version.minor >= 14) {
      int nop_line = 0;
      for (const ir::Instr& instr : function_.instrs)
        if (instr.line == lineno) {
          nop_line = instr.nop_line;
          break;
        }
      if (nop_line <= 0 || nop_line >= lineno) return;
      for (const ir::Instr& instr : function_.instrs)
        if (instr.line == nop_line) return;
    }
    auto block = make::if_(make::name("__debug__"), {statement});
    block->lineno = lineno;
    (*level)[at] = block;
    return;
  }
}

}  // namespace depyf::decompile
