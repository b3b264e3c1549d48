// `if __debug__:` blocks. The compiler folds `__debug__` to True and drops
// the test, so the block's statements stand alone in the bytecode; 3.10 and
// 3.11 still add that True to co_consts, unreferenced, when they compile the
// test. An unreferenced True (where no `while True:` explains it) says a
// debug block began where the constants after it in co_consts begin.
#include <functional>

#include "decompile/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

namespace {

bool has_while_true(const ast::Body& body);

bool stmt_has_while_true(const ast::StmtPtr& stmt) {
  if (auto* loop = ast::as<ast::While>(stmt)) {
    // (`while 1:` keeps a 1, not a True.)
    if (auto* test = ast::as<ast::Constant>(loop->test);
        test && test->value && test->value->kind == Constant::Kind::Bool && test->value->boolean)
      return true;
    return has_while_true(loop->body) || has_while_true(loop->orelse);
  }
  if (auto* branch = ast::as<ast::If>(stmt)) return has_while_true(branch->body) || has_while_true(branch->orelse);
  if (auto* loop = ast::as<ast::For>(stmt)) return has_while_true(loop->body) || has_while_true(loop->orelse);
  if (auto* block = ast::as<ast::With>(stmt)) return has_while_true(block->body);
  if (auto* block = ast::as<ast::Try>(stmt)) {
    for (const auto& handler : block->handlers)
      if (has_while_true(handler.body)) return true;
    return has_while_true(block->body) || has_while_true(block->orelse) || has_while_true(block->finalbody);
  }
  return false;
}

bool has_while_true(const ast::Body& body) {
  for (const ast::StmtPtr& stmt : body)
    if (stmt_has_while_true(stmt)) return true;
  return false;
}

}  // namespace

void FunctionDecompiler::restore_debug_block(ast::Body& body) const {
  if (code_.version.minor != 10 && code_.version.minor != 11) return;
  const int count = int(code_.consts.size());
  std::vector<int> first_load(count, -1);
  for (int i = 0; i < int(function_.instrs.size()); ++i) {
    const ir::Instr& instr = function_.instrs[i];
    if (instr.op == Op::LoadConst && instr.arg >= 0 && instr.arg < count && first_load[instr.arg] < 0)
      first_load[instr.arg] = i;
  }
  int true_at = -1;
  for (int k = 0; k < count && true_at < 0; ++k) {
    const Constant& constant = *code_.consts[k];
    if (constant.kind == Constant::Kind::Bool && constant.boolean && first_load[k] < 0) true_at = k;
  }
  if (true_at < 0 || has_while_true(body)) return;
  // The line of the first code that brought a constant after the True.
  int line = -1;
  for (int k = true_at + 1; k < count && line < 0; ++k)
    if (first_load[k] >= 0) line = function_.instrs[first_load[k]].line;
  if (line <= 0) return;
  // The top-level statement holding that line.
  int at = -1;
  for (int s = 0; s < int(body.size()); ++s)
    if (body[s]->lineno > 0 && body[s]->lineno <= line) at = s;
  if (at < 0 || ast::as<ast::Return>(body[at])) return;
  const int lineno = body[at]->lineno;
  auto block = make::if_(make::name("__debug__"), {body[at]});
  block->lineno = lineno;
  body[at] = block;
}

}  // namespace depyf::decompile
