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
#include "decompile/function_decompiler.hpp"

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

// (The walk over the slots needs them writable, as for_each_own_expr gives them.)
template <class T>
T* statement_as(ast::Stmt& stmt) {
  return const_cast<T*>(ast::as<T>(&stmt));
}

const ast::Name* unnamed_value_in(ast::Stmt& stmt) {
  const ast::Name* found = nullptr;
  ast::for_each_own_expr(stmt, [&](ast::ExprPtr& expr) {
    if (!found) found = unnamed_value_in(expr);
  });
  if (found) return found;
  // Nested bodies of this function (a def's or class's body is another
  // code object, checked when it is decompiled).
  auto first_in = [&](std::initializer_list<ast::Body*> bodies) -> const ast::Name* {
    for (ast::Body* b : bodies)
      if (const ast::Name* n = unnamed_value_in(*b)) return n;
    return nullptr;
  };
  if (auto* s = statement_as<ast::If>(stmt)) return first_in({&s->body, &s->orelse});
  if (auto* s = statement_as<ast::While>(stmt)) return first_in({&s->body, &s->orelse});
  if (auto* s = statement_as<ast::For>(stmt)) return first_in({&s->body, &s->orelse});
  if (auto* s = statement_as<ast::AsyncFor>(stmt)) return first_in({&s->body, &s->orelse});
  if (auto* s = statement_as<ast::With>(stmt)) return first_in({&s->body});
  if (auto* s = statement_as<ast::AsyncWith>(stmt)) return first_in({&s->body});
  auto in_try = [&](auto* s) -> const ast::Name* {
    if (const ast::Name* n = first_in({&s->body, &s->orelse, &s->finalbody})) return n;
    for (ast::ExceptHandler& handler : s->handlers) {
      if (const ast::Name* n = unnamed_value_in(handler.type)) return n;
      if (const ast::Name* n = unnamed_value_in(handler.body)) return n;
    }
    return nullptr;
  };
  if (auto* s = statement_as<ast::Try>(stmt)) return in_try(s);
  if (auto* s = statement_as<ast::TryStar>(stmt)) return in_try(s);
  if (auto* s = statement_as<ast::Match>(stmt)) {
    for (ast::MatchCase& c : s->cases) {
      if (const ast::Name* n = unnamed_value_in(c.guard)) return n;
      if (const ast::Name* n = unnamed_value_in(c.body)) return n;
    }
  }
  return nullptr;
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
