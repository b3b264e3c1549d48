// Statements that end every branch of an if ending the function, copies
// of one written after it.
//
// Versions: 3.12+ (the copies); the reading is checked on all.
// Source:
//     if commands is None:
//         commands = {}
//     elif isinstance(commands, Sequence):
//         commands = dict(commands)
//     self.commands = commands
// Bytecode:
//     <test>; POP_JUMP_IF_NOT_NONE L; BUILD_MAP; STORE_FAST commands
//     LOAD_FAST commands; LOAD_FAST self; STORE_ATTR commands; RETURN_CONST None
//     L: <isinstance test>; POP_JUMP_IF_FALSE M; <dict(commands)>; STORE_FAST commands
//     M: LOAD_FAST commands; LOAD_FAST self; STORE_ATTR commands; RETURN_CONST None
// Test: tests/python/decompile_cases/copied_exit_tails.py
//
// 3.12+ replace a jump to a short block that ends the function (`self.x =
// v` and the implicit `return None`, four instructions at most) with a copy
// of it, line numbers and all. Read back, each branch ends in its own copy:
// the same program, and the same instructions when recompiled, but the
// copy in the first branch meets its names and constants before the later
// branches do, where the compiler met them after all branches. Only that
// order tells the two readings apart: where the names (or constants) the
// later branches meet first all stand before those only the copies use,
// the copies are put back as one statement after the if. Both readings run
// the same: every branch that does not leave runs the statements last.
#include <algorithm>
#include <functional>
#include <set>

#include "ast/children.hpp"
#include "ast/dump.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

struct Items {
  std::set<int> names;
  std::set<int> consts;
};

// The co_names and co_consts entries the code of a statement list meets
// (those told for certain: attributes, global names, imports, and
// constants loaded from co_consts; not code of nested code objects).
class ItemCollector {
 public:
  ItemCollector(const CodeObject& code, bool inlined_comprehensions)
      : code_(code), inlined_comprehensions_(inlined_comprehensions) {}

  // What a statement meets itself, not in the lists nested in it.
  void own(const ast::Stmt& stmt, Items& out) const {
    auto& mutable_stmt = const_cast<ast::Stmt&>(stmt);
    ast::for_each_own_expr(mutable_stmt, [&](ast::ExprPtr& slot) { expression(slot, out); });
    if (auto* import = ast::as<ast::Import>(&stmt)) {
      for (const auto& alias : import->names) add_name(alias.name, out), add_name(alias.asname.value_or(""), out);
    } else if (auto* import_from = ast::as<ast::ImportFrom>(&stmt)) {
      if (import_from->module) add_name(*import_from->module, out);
      for (const auto& alias : import_from->names) add_name(alias.name, out), add_name(alias.asname.value_or(""), out);
    } else if (auto* def = ast::as<ast::FunctionDef>(&stmt)) {
      add_global(def->name, out);
    } else if (auto* async_def = ast::as<ast::AsyncFunctionDef>(&stmt)) {
      add_global(async_def->name, out);
    } else if (auto* class_def = ast::as<ast::ClassDef>(&stmt)) {
      add_global(class_def->name, out);
    }
  }

  void statement(const ast::Stmt& stmt, Items& out) const {
    own(stmt, out);
    for (ast::Body* body : ast::child_bodies(const_cast<ast::Stmt&>(stmt)))
      for (const auto& inner : *body) statement(*inner, out);
  }

 private:
  void add_name(const std::string& name, Items& out) const {
    if (name.empty()) return;
    const auto at = std::find(code_.names.begin(), code_.names.end(), name);
    if (at != code_.names.end()) out.names.insert(int(at - code_.names.begin()));
  }

  // A name that is no local, cell or free variable is loaded and stored
  // through co_names.
  void add_global(const std::string& name, Items& out) const {
    for (const auto* locals : {&code_.varnames, &code_.cellvars, &code_.freevars})
      if (std::find(locals->begin(), locals->end(), name) != locals->end()) return;
    add_name(name, out);
  }

  void expression(const ast::ExprPtr& expr, Items& out) const {
    if (!expr) return;
    switch (expr->kind) {
      case ast::ExprKind::Name: add_global(static_cast<const ast::Name&>(*expr).id, out); return;
      case ast::ExprKind::Attribute: add_name(static_cast<const ast::Attribute&>(*expr).attr, out); break;
      case ast::ExprKind::Constant: {
        const auto& value = static_cast<const ast::Constant&>(*expr).value;
        const auto at = std::find(code_.consts.begin(), code_.consts.end(), value);
        if (value && at != code_.consts.end()) out.consts.insert(int(at - code_.consts.begin()));
        return;
      }
      case ast::ExprKind::Lambda: return;  // (its defaults are met too; told without them)
      case ast::ExprKind::GeneratorExp:
        // (Another code object but for the first iterable.)
        if (const auto& generators = static_cast<const ast::GeneratorExp&>(*expr).generators; !generators.empty())
          expression(generators.front().iter, out);
        return;
      case ast::ExprKind::ListComp:
      case ast::ExprKind::SetComp:
      case ast::ExprKind::DictComp:
        // (≤3.11: another code object, and its first iterable, told without.)
        if (!inlined_comprehensions_) return;
        break;
      default: break;
    }
    ast::for_each_child(const_cast<ast::Expr&>(*expr), [&](ast::ExprPtr& child) { expression(child, out); });
  }

  const CodeObject& code_;
  bool inlined_comprehensions_;
};

bool same_statement(const ast::StmtPtr& a, const ast::StmtPtr& b) {
  return a->lineno > 0 && a->lineno == b->lineno && ast::dump(*a) == ast::dump(*b);
}

bool leaves(const ast::StmtPtr& stmt) {
  return ast::as<ast::Return>(stmt) || ast::as<ast::Raise>(stmt);
}

// The branches of an if (elif chain, and ifs ending a branch) in source
// order: the lists that end in no further if. The ifs on the way are
// copied (nodes may be shared) so that the branches can be changed.
void collect_branches(ast::Body& body, std::vector<ast::Body*>& out) {
  if (!body.empty()) {
    if (auto* branch = ast::as<ast::If>(body.back())) {
      auto copy = std::make_shared<ast::If>(*branch);
      body.back() = copy;
      collect_branches(copy->body, out);
      collect_branches(copy->orelse, out);
      return;
    }
  }
  out.push_back(&body);
}

// Adds what the code before `target` in source order meets; true once
// `target` is reached (the rest of `body` is left out).
bool gather_before(const ast::Body& body, const ast::Stmt* target, const ItemCollector& collect, Items& out) {
  for (const auto& stmt : body) {
    if (stmt.get() == target) return true;
    collect.own(*stmt, out);
    for (ast::Body* child : ast::child_bodies(const_cast<ast::Stmt&>(*stmt)))
      if (gather_before(*child, target, collect, out)) return true;
  }
  return false;
}

// Met after the later branches: each entry these meet first stands before
// every entry only the copies meet (and both have such entries).
bool met_after_later_branches(const std::set<int>& before, const std::set<int>& tail, const std::set<int>& later) {
  std::set<int> own_tail, own_later, tail_only;
  for (int n : tail)
    if (!before.count(n)) own_tail.insert(n);
  for (int n : later)
    if (!before.count(n)) own_later.insert(n);
  bool later_only = false;
  for (int n : own_tail)
    if (!own_later.count(n)) tail_only.insert(n);
  for (int n : own_later)
    if (!own_tail.count(n)) later_only = true;
  return !tail_only.empty() && later_only && *own_later.rbegin() < *tail_only.begin();
}

class CopiedTails {
 public:
  CopiedTails(const CodeObject& code, const ast::Body& function_body)
      : collect_(code, code.version.minor >= 12), function_body_(function_body) {}

  // `body` ends the function (or a branch that does): first the ifs
  // ending its branches, then the if ending it.
  void merge(ast::Body& body) const {
    if (body.empty() || !ast::as<ast::If>(body.back())) return;
    auto copy = std::make_shared<ast::If>(*ast::as<ast::If>(body.back()));
    body.back() = copy;
    merge(copy->body);
    merge(copy->orelse);
    merge_at(body, *copy);
  }

 private:
  void merge_at(ast::Body& body, ast::If& statement) const {
    std::vector<ast::Body*> branches;
    collect_branches(statement.body, branches);
    collect_branches(statement.orelse, branches);
    // Each branch ends in the copied statements or leaves.
    std::vector<ast::Body*> carriers;
    ast::StmtPtr copied;
    for (ast::Body* branch : branches) {
      if (branch->empty()) return;  // (falls off the end without a copy)
      if (copied == nullptr && !leaves(branch->back())) copied = branch->back();
      if (copied != nullptr && same_statement(branch->back(), copied))
        carriers.push_back(branch);
      else if (!leaves(branch->back()))
        return;
    }
    if (carriers.size() < 2) return;
    // The longest run of statements the carriers end in, each keeping one
    // of its own.
    const ast::Body& first = *carriers.front();
    std::size_t length = 1;
    for (bool longer = true; longer;) {
      for (ast::Body* carrier : carriers)
        if (carrier->size() < length + 2 ||
            !same_statement((*carrier)[carrier->size() - length - 1], first[first.size() - length - 1]))
          longer = false;
      if (longer) ++length;
    }
    for (ast::Body* carrier : carriers)
      if (carrier->size() <= length) return;

    // What the compiler met before the first copy (the code before the if
    // in source order, then the if's up to that copy), in the copies, and
    // after the first copy.
    Items before, tail, later;
    if (!gather_before(function_body_, &statement, collect_, before)) return;
    bool past_first = false;
    std::function<void(const ast::Body&)> walk = [&](const ast::Body& branch) {
      const bool carrier = std::find(carriers.begin(), carriers.end(), &branch) != carriers.end();
      const bool leaf = std::find(branches.begin(), branches.end(), &branch) != branches.end();
      const std::size_t own = carrier ? branch.size() - length : branch.size();
      for (std::size_t k = 0; k < branch.size(); ++k) {
        Items& into = k >= own ? tail : past_first ? later : before;
        if (!leaf && k + 1 == branch.size()) {
          const auto& nested = static_cast<const ast::If&>(*branch[k]);
          collect_.own(nested, into);
          walk(nested.body);
          walk(nested.orelse);
        } else {
          collect_.statement(*branch[k], into);
        }
      }
      if (carrier) past_first = true;
    };
    collect_.own(statement, before);
    walk(statement.body);
    walk(statement.orelse);
    if (!met_after_later_branches(before.names, tail.names, later.names) &&
        !met_after_later_branches(before.consts, tail.consts, later.consts))
      return;
    ast::Body statements(first.end() - std::ptrdiff_t(length), first.end());
    for (ast::Body* carrier : carriers) carrier->erase(carrier->end() - std::ptrdiff_t(length), carrier->end());
    for (auto& stmt : statements) body.push_back(stmt);
  }

  ItemCollector collect_;
  const ast::Body& function_body_;
};

}  // namespace

void merge_copied_exit_tails(ast::Body& body, const CodeObject& code) {
  CopiedTails(code, body).merge(body);
}

}  // namespace depyf::decompile
