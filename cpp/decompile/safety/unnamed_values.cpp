// The walk stands in for values it has no source for with names such as
// `__depyf_unknown_exception` (the exception state an except clause keeps
// on the stack, the results of except* splits). They are consumed by the
// clause bookkeeping; one that reaches a statement means the walk misread
// the shape (three nested clauses each returning, 3.11+: `return
// __depyf_unknown_previous_exception`). Printed, that would raise NameError
// where the original returned: a DecompilationError instead, so a nested
// function keeps its original bytecode.
#include <string_view>

#include "ast/children.hpp"
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

constexpr std::string_view kExceptionStatePrefixes[] = {"__depyf_unknown_previous_exception",
                                                        "__depyf_unknown_exception", "__depyf_unknown_traceback",
                                                        "__depyf_unknown_except_star_"};

const ast::Name* unnamed_value_in(ast::ExprPtr& expr) {
  if (!expr) return nullptr;
  if (const auto* name = ast::as<ast::Name>(expr)) {
    for (std::string_view prefix : kExceptionStatePrefixes)
      if (std::string_view(name->id).substr(0, prefix.size()) == prefix) return name;
    return nullptr;
  }
  const ast::Name* found = nullptr;
  ast::for_each_child(*expr, [&](ast::ExprPtr& child) {
    if (!found) found = unnamed_value_in(child);
  });
  return found;
}

const ast::Name* unnamed_value_in(ast::Body& body);

const ast::Name* unnamed_value_in(ast::Stmt& stmt) {
  const ast::Name* found = nullptr;
  auto look_in = [&](ast::ExprPtr& expr) {
    if (!found) found = unnamed_value_in(expr);
  };
  ast::for_each_own_expr(stmt, look_in);
  // (What the statement's parts evaluate beside its own slots: a clause's
  // exception type, a case's guard.)
  if (stmt.kind == ast::StmtKind::Try || stmt.kind == ast::StmtKind::TryStar) {
    auto& handlers = stmt.kind == ast::StmtKind::Try ? static_cast<ast::Try&>(stmt).handlers
                                                     : static_cast<ast::TryStar&>(stmt).handlers;
    for (ast::ExceptHandler& handler : handlers) look_in(handler.type);
  } else if (stmt.kind == ast::StmtKind::Match) {
    for (ast::MatchCase& c : static_cast<ast::Match&>(stmt).cases) look_in(c.guard);
  }
  // (Nested bodies of this function: a def's or class's body is another
  // code object, checked when it is decompiled.)
  for (ast::Body* body : ast::child_bodies(stmt))
    if (!found) found = unnamed_value_in(*body);
  return found;
}

const ast::Name* unnamed_value_in(ast::Body& body) {
  for (ast::StmtPtr& stmt : body)
    if (stmt)
      if (const ast::Name* n = unnamed_value_in(*stmt)) return n;
  return nullptr;
}

}  // namespace

void FunctionDecompiler::reject_unnamed_values(ast::Body& body) const {
  if (const ast::Name* name = unnamed_value_in(body))
    fail(-1, "a value of the exception state (" + name->id + ") reached a statement: the except clauses were misread");
}

}  // namespace depyf::decompile
