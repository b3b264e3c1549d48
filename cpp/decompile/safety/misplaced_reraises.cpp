// A bare `raise` re-raises the exception being handled. The walk reads one
// from RAISE_VARARGS 0 (and from a RERAISE it cannot place otherwise);
// where the structuring misreads the end of an except clause, such a
// statement can land after the try or after an enclosing loop, where no
// exception is being handled: the printed function would then raise
// `RuntimeError: No active exception to reraise` where the original
// re-raised what it caught (3.14 asyncio.Queue.get before the fix in
// walk/loops.cpp's follow_of). That is wrong code, so it is refused: a
// DecompilationError, and a nested function keeps its original bytecode.
//
// Which original instructions ran inside a clause is known exactly on
// 3.11+ (clause_cleanup_cover.cpp); a statement counts as placed inside a
// handler when it lies, in this function's own code, in an except clause
// or a finally body (a finally body runs with the exception active on its
// exceptional path). ≤3.10 are not checked.
#include <unordered_set>

#include "ast/children.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

void collect_outside_handlers(ast::Body& body, bool in_handler, std::unordered_set<const ast::Stmt*>& outside) {
  for (ast::StmtPtr& stmt : body) {
    if (!stmt) continue;
    if (!in_handler && stmt->kind == ast::StmtKind::Raise) outside.insert(stmt.get());
    auto try_parts = [&](auto& statement) {
      collect_outside_handlers(statement.body, in_handler, outside);
      for (ast::ExceptHandler& handler : statement.handlers) collect_outside_handlers(handler.body, true, outside);
      collect_outside_handlers(statement.orelse, in_handler, outside);
      collect_outside_handlers(statement.finalbody, true, outside);
    };
    if (stmt->kind == ast::StmtKind::Try) {
      try_parts(static_cast<ast::Try&>(*stmt));
    } else if (stmt->kind == ast::StmtKind::TryStar) {
      try_parts(static_cast<ast::TryStar&>(*stmt));
    } else {
      // (A def's or class's body is another code object: not in child_bodies.)
      for (ast::Body* child : ast::child_bodies(*stmt)) collect_outside_handlers(*child, in_handler, outside);
    }
  }
}

}  // namespace

void FunctionDecompiler::reject_misplaced_reraises(ast::Body& body) const {
  if (code_.version.minor < 11 || (bare_raises_.empty() && reraise_instrs_.empty())) return;
  std::unordered_set<const ast::Stmt*> outside;
  collect_outside_handlers(body, false, outside);
  if (outside.empty()) return;
  auto check = [&](const ast::Stmt* statement, int at) {
    if (outside.count(statement) && clause_cleanup_covering(at) >= 0)
      fail(at, "the bare `raise` of an except clause would be placed outside it (it would raise RuntimeError: "
               "no active exception to reraise)");
  };
  for (const auto& [statement, at] : bare_raises_) check(statement.get(), at);
  for (const auto& [statement, at] : reraise_instrs_) check(statement, at);
}

}  // namespace depyf::decompile
