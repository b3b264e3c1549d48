#include "ast/children.hpp"

namespace depyf::ast {

namespace {

template <class T>
T& node_as(Expr& expr) {
  return static_cast<T&>(expr);
}

void visit_all(std::vector<ExprPtr>& slots, const ExprSlotVisitor& visit) {
  for (auto& slot : slots) visit(slot);
}

void visit_keywords(std::vector<Keyword>& keywords, const ExprSlotVisitor& visit) {
  for (auto& keyword : keywords) visit(keyword.value);
}

void visit_generators(std::vector<Comprehension>& generators, const ExprSlotVisitor& visit) {
  for (auto& generator : generators) {
    visit(generator.target);
    visit(generator.iter);
    visit_all(generator.ifs, visit);
  }
}

void visit_arguments(const std::shared_ptr<Arguments>& args, const ExprSlotVisitor& visit) {
  if (!args) return;
  visit_all(args->defaults, visit);
  visit_all(args->kw_defaults, visit);
  auto annotation = [&](Arg& arg) { visit(arg.annotation); };
  for (auto& arg : args->posonlyargs) annotation(arg);
  for (auto& arg : args->args) annotation(arg);
  for (auto& arg : args->kwonlyargs) annotation(arg);
  if (args->vararg) annotation(*args->vararg);
  if (args->kwarg) annotation(*args->kwarg);
}

}  // namespace

void for_each_child(Expr& expr, const ExprSlotVisitor& visit) {
  switch (expr.kind) {
    case ExprKind::BoolOp: visit_all(node_as<BoolOp>(expr).values, visit); return;
    case ExprKind::NamedExpr: visit(node_as<NamedExpr>(expr).target), visit(node_as<NamedExpr>(expr).value); return;
    case ExprKind::BinOp: visit(node_as<BinOp>(expr).left), visit(node_as<BinOp>(expr).right); return;
    case ExprKind::UnaryOp: visit(node_as<UnaryOp>(expr).operand); return;
    case ExprKind::Lambda:
      visit_arguments(node_as<Lambda>(expr).args, visit);
      visit(node_as<Lambda>(expr).body);
      return;
    case ExprKind::IfExp: {
      auto& e = node_as<IfExp>(expr);
      visit(e.test), visit(e.body), visit(e.orelse);
      return;
    }
    case ExprKind::Dict: visit_all(node_as<Dict>(expr).keys, visit), visit_all(node_as<Dict>(expr).values, visit); return;
    case ExprKind::Set: visit_all(node_as<Set>(expr).elts, visit); return;
    case ExprKind::ListComp:
      visit(node_as<ListComp>(expr).elt), visit_generators(node_as<ListComp>(expr).generators, visit);
      return;
    case ExprKind::SetComp:
      visit(node_as<SetComp>(expr).elt), visit_generators(node_as<SetComp>(expr).generators, visit);
      return;
    case ExprKind::DictComp: {
      auto& e = node_as<DictComp>(expr);
      visit(e.key), visit(e.value), visit_generators(e.generators, visit);
      return;
    }
    case ExprKind::GeneratorExp:
      visit(node_as<GeneratorExp>(expr).elt), visit_generators(node_as<GeneratorExp>(expr).generators, visit);
      return;
    case ExprKind::Await: visit(node_as<Await>(expr).value); return;
    case ExprKind::Yield: visit(node_as<Yield>(expr).value); return;
    case ExprKind::YieldFrom: visit(node_as<YieldFrom>(expr).value); return;
    case ExprKind::Compare:
      visit(node_as<Compare>(expr).left), visit_all(node_as<Compare>(expr).comparators, visit);
      return;
    case ExprKind::Call:
      visit(node_as<Call>(expr).func), visit_all(node_as<Call>(expr).args, visit);
      visit_keywords(node_as<Call>(expr).keywords, visit);
      return;
    case ExprKind::FormattedValue:
      visit(node_as<FormattedValue>(expr).value), visit(node_as<FormattedValue>(expr).format_spec);
      return;
    case ExprKind::JoinedStr: visit_all(node_as<JoinedStr>(expr).values, visit); return;
    case ExprKind::Interpolation:
      visit(node_as<Interpolation>(expr).value), visit(node_as<Interpolation>(expr).format_spec);
      return;
    case ExprKind::TemplateStr: visit_all(node_as<TemplateStr>(expr).values, visit); return;
    case ExprKind::Attribute: visit(node_as<Attribute>(expr).value); return;
    case ExprKind::Subscript: visit(node_as<Subscript>(expr).value), visit(node_as<Subscript>(expr).slice); return;
    case ExprKind::Starred: visit(node_as<Starred>(expr).value); return;
    case ExprKind::List: visit_all(node_as<List>(expr).elts, visit); return;
    case ExprKind::Tuple: visit_all(node_as<Tuple>(expr).elts, visit); return;
    case ExprKind::Slice: {
      auto& e = node_as<Slice>(expr);
      visit(e.lower), visit(e.upper), visit(e.step);
      return;
    }
    case ExprKind::Constant:
    case ExprKind::Name:
      return;
  }
}

void for_each_own_expr(Stmt& stmt, const ExprSlotVisitor& visit) {
  auto definition = [&](auto& def) {
    visit_all(def.decorator_list, visit);
    visit_arguments(def.args, visit);
    visit(def.returns);
  };
  switch (stmt.kind) {
    case StmtKind::FunctionDef: definition(static_cast<FunctionDef&>(stmt)); return;
    case StmtKind::AsyncFunctionDef: definition(static_cast<AsyncFunctionDef&>(stmt)); return;
    case StmtKind::ClassDef: {
      auto& s = static_cast<ClassDef&>(stmt);
      visit_all(s.decorator_list, visit), visit_all(s.bases, visit), visit_keywords(s.keywords, visit);
      return;
    }
    case StmtKind::Return: visit(static_cast<Return&>(stmt).value); return;
    case StmtKind::Delete: visit_all(static_cast<Delete&>(stmt).targets, visit); return;
    case StmtKind::Assign:
      visit(static_cast<Assign&>(stmt).value), visit_all(static_cast<Assign&>(stmt).targets, visit);
      return;
    case StmtKind::TypeAlias: visit(static_cast<TypeAlias&>(stmt).value); return;
    case StmtKind::AugAssign:
      visit(static_cast<AugAssign&>(stmt).target), visit(static_cast<AugAssign&>(stmt).value);
      return;
    case StmtKind::AnnAssign: {
      auto& s = static_cast<AnnAssign&>(stmt);
      visit(s.target), visit(s.annotation), visit(s.value);
      return;
    }
    case StmtKind::For: visit(static_cast<For&>(stmt).target), visit(static_cast<For&>(stmt).iter); return;
    case StmtKind::AsyncFor:
      visit(static_cast<AsyncFor&>(stmt).target), visit(static_cast<AsyncFor&>(stmt).iter);
      return;
    case StmtKind::While: visit(static_cast<While&>(stmt).test); return;
    case StmtKind::If: visit(static_cast<If&>(stmt).test); return;
    case StmtKind::With:
      for (auto& item : static_cast<With&>(stmt).items) visit(item.context_expr), visit(item.optional_vars);
      return;
    case StmtKind::AsyncWith:
      for (auto& item : static_cast<AsyncWith&>(stmt).items) visit(item.context_expr), visit(item.optional_vars);
      return;
    case StmtKind::Match: visit(static_cast<Match&>(stmt).subject); return;
    case StmtKind::Raise: visit(static_cast<Raise&>(stmt).exc), visit(static_cast<Raise&>(stmt).cause); return;
    case StmtKind::Assert: visit(static_cast<Assert&>(stmt).test), visit(static_cast<Assert&>(stmt).msg); return;
    case StmtKind::Expr: visit(static_cast<ExprStmt&>(stmt).value); return;
    case StmtKind::Try:
    case StmtKind::TryStar:
    case StmtKind::Import:
    case StmtKind::ImportFrom:
    case StmtKind::Global:
    case StmtKind::Nonlocal:
    case StmtKind::Pass:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Comment:
      return;
  }
}

std::vector<Body*> child_bodies(Stmt& stmt) {
  auto try_bodies = [](auto& s) {
    std::vector<Body*> bodies{&s.body};
    for (ExceptHandler& handler : s.handlers) bodies.push_back(&handler.body);
    bodies.push_back(&s.orelse);
    bodies.push_back(&s.finalbody);
    return bodies;
  };
  switch (stmt.kind) {
    case StmtKind::If: return {&static_cast<If&>(stmt).body, &static_cast<If&>(stmt).orelse};
    case StmtKind::While: return {&static_cast<While&>(stmt).body, &static_cast<While&>(stmt).orelse};
    case StmtKind::For: return {&static_cast<For&>(stmt).body, &static_cast<For&>(stmt).orelse};
    case StmtKind::AsyncFor: return {&static_cast<AsyncFor&>(stmt).body, &static_cast<AsyncFor&>(stmt).orelse};
    case StmtKind::With: return {&static_cast<With&>(stmt).body};
    case StmtKind::AsyncWith: return {&static_cast<AsyncWith&>(stmt).body};
    case StmtKind::Try: return try_bodies(static_cast<Try&>(stmt));
    case StmtKind::TryStar: return try_bodies(static_cast<TryStar&>(stmt));
    case StmtKind::Match: {
      std::vector<Body*> bodies;
      for (MatchCase& c : static_cast<Match&>(stmt).cases) bodies.push_back(&c.body);
      return bodies;
    }
    default: return {};
  }
}

bool contains_node(const ExprPtr& root, const Expr* node) {
  if (!root) return false;
  if (root.get() == node) return true;
  bool found = false;
  for_each_child(*root, [&](ExprPtr& child) {
    if (!found && contains_node(child, node)) found = true;
  });
  return found;
}

bool statement_contains_node(Stmt& stmt, const Expr* node) {
  bool found = false;
  for_each_own_expr(stmt, [&](ExprPtr& slot) {
    if (!found && contains_node(slot, node)) found = true;
  });
  return found;
}

void replace_node(ExprPtr& root, const Expr* node, const ExprPtr& replacement) {
  if (!root) return;
  if (root.get() == node) {
    root = replacement;
    return;
  }
  for_each_child(*root, [&](ExprPtr& child) { replace_node(child, node, replacement); });
}

void replace_node_in_statement(Stmt& stmt, const Expr* node, const ExprPtr& replacement) {
  for_each_own_expr(stmt, [&](ExprPtr& slot) { replace_node(slot, node, replacement); });
}

}  // namespace depyf::ast
