// Statement nodes of the Python AST (ast.stmt), plus the records they use
// (alias, withitem, excepthandler, match_case, type parameters) and Module.
// Comment is depyf's own extension: a standalone `# ...` line with which the
// decompiler marks whatever it could not recover exactly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"

namespace depyf::ast {

enum class StmtKind {
  FunctionDef,
  AsyncFunctionDef,
  ClassDef,
  Return,
  Delete,
  Assign,
  TypeAlias,
  AugAssign,
  AnnAssign,
  For,
  AsyncFor,
  While,
  If,
  With,
  AsyncWith,
  Match,
  Raise,
  Try,
  TryStar,
  Assert,
  Import,
  ImportFrom,
  Global,
  Nonlocal,
  Expr,
  Pass,
  Break,
  Continue,
  Comment,
};

struct Stmt {
  const StmtKind kind;
  int lineno = 0;  // 1-based source line, 0 = unknown

  virtual ~Stmt() = default;

 protected:
  explicit Stmt(StmtKind k) : kind(k) {}
};

using StmtPtr = std::shared_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

template <class T>
const T* as(const Stmt* s) {
  return s != nullptr && s->kind == T::kKind ? static_cast<const T*>(s) : nullptr;
}
template <class T>
const T* as(const StmtPtr& s) {
  return as<T>(s.get());
}

template <StmtKind K>
struct StmtNode : Stmt {
  static constexpr StmtKind kKind = K;
  StmtNode() : Stmt(K) {}
};

// ---- records ----

// ast.TypeVar / ast.ParamSpec / ast.TypeVarTuple (3.12+, defaults 3.13+),
// one struct because they differ only in the prefix and the bound.
struct TypeParam {
  enum class Kind { TypeVar, ParamSpec, TypeVarTuple };
  Kind kind = Kind::TypeVar;
  std::string name;
  ExprPtr bound;          // TypeVar only; may be null
  ExprPtr default_value;  // 3.13+; may be null
};

struct Alias {
  std::string name;  // dotted for `import a.b`; "*" for `from m import *`
  std::optional<std::string> asname;
};

struct WithItem {
  ExprPtr context_expr;
  ExprPtr optional_vars;  // may be null
};

struct ExceptHandler {
  ExprPtr type;  // null = bare `except:`
  std::optional<std::string> name;
  Body body;
  int lineno = 0;
};

struct MatchCase {
  PatternPtr pattern;
  ExprPtr guard;  // may be null
  Body body;
};

// ---- statements ----

// FunctionDef and AsyncFunctionDef share their fields.
template <StmtKind K>
struct FunctionDefBase : StmtNode<K> {
  std::string name;
  std::shared_ptr<Arguments> args;  // never null once built by the factories
  Body body;
  std::vector<ExprPtr> decorator_list;
  ExprPtr returns;  // may be null
  std::vector<TypeParam> type_params;
};
struct FunctionDef : FunctionDefBase<StmtKind::FunctionDef> {};
struct AsyncFunctionDef : FunctionDefBase<StmtKind::AsyncFunctionDef> {};

struct ClassDef : StmtNode<StmtKind::ClassDef> {
  std::string name;
  std::vector<ExprPtr> bases;
  std::vector<Keyword> keywords;
  Body body;
  std::vector<ExprPtr> decorator_list;
  std::vector<TypeParam> type_params;
};

struct Return : StmtNode<StmtKind::Return> {
  ExprPtr value;  // may be null
};

struct Delete : StmtNode<StmtKind::Delete> {
  std::vector<ExprPtr> targets;
};

struct Assign : StmtNode<StmtKind::Assign> {
  std::vector<ExprPtr> targets;  // `a = b = value` has two
  ExprPtr value;
};

struct TypeAlias : StmtNode<StmtKind::TypeAlias> {
  ExprPtr name;  // a Name
  std::vector<TypeParam> type_params;
  ExprPtr value;
};

struct AugAssign : StmtNode<StmtKind::AugAssign> {
  ExprPtr target;
  Operator op = Operator::Add;
  ExprPtr value;
};

struct AnnAssign : StmtNode<StmtKind::AnnAssign> {
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value;       // may be null
  bool simple = true;  // false: a Name target written in parentheses
};

template <StmtKind K>
struct ForBase : StmtNode<K> {
  ExprPtr target;
  ExprPtr iter;
  Body body;
  Body orelse;
};
struct For : ForBase<StmtKind::For> {};
struct AsyncFor : ForBase<StmtKind::AsyncFor> {};

struct While : StmtNode<StmtKind::While> {
  ExprPtr test;
  Body body;
  Body orelse;
};

struct If : StmtNode<StmtKind::If> {
  ExprPtr test;
  Body body;
  Body orelse;  // exactly one If here prints as `elif`
};

template <StmtKind K>
struct WithBase : StmtNode<K> {
  std::vector<WithItem> items;
  Body body;
};
struct With : WithBase<StmtKind::With> {};
struct AsyncWith : WithBase<StmtKind::AsyncWith> {};

struct Match : StmtNode<StmtKind::Match> {
  ExprPtr subject;
  std::vector<MatchCase> cases;
};

struct Raise : StmtNode<StmtKind::Raise> {
  ExprPtr exc;    // may be null
  ExprPtr cause;  // may be null
};

template <StmtKind K>
struct TryBase : StmtNode<K> {
  Body body;
  std::vector<ExceptHandler> handlers;
  Body orelse;
  Body finalbody;
};
struct Try : TryBase<StmtKind::Try> {};
struct TryStar : TryBase<StmtKind::TryStar> {};

struct Assert : StmtNode<StmtKind::Assert> {
  ExprPtr test;
  ExprPtr msg;  // may be null
};

struct Import : StmtNode<StmtKind::Import> {
  std::vector<Alias> names;
  bool is_lazy = false;  // 3.15 `lazy import` (PEP 810)
};

struct ImportFrom : StmtNode<StmtKind::ImportFrom> {
  std::optional<std::string> module;  // nullopt for `from . import x`
  std::vector<Alias> names;
  int level = 0;
  bool is_lazy = false;  // 3.15 `lazy from m import x` (PEP 810)
};

struct Global : StmtNode<StmtKind::Global> {
  std::vector<std::string> names;
};

struct Nonlocal : StmtNode<StmtKind::Nonlocal> {
  std::vector<std::string> names;
};

// ast.Expr; named ExprStmt because Expr is the expression base class.
struct ExprStmt : StmtNode<StmtKind::Expr> {
  ExprPtr value;
};

struct Pass : StmtNode<StmtKind::Pass> {};
struct Break : StmtNode<StmtKind::Break> {};
struct Continue : StmtNode<StmtKind::Continue> {};

// depyf extension: `# text`; a text with newlines prints as several lines.
struct Comment : StmtNode<StmtKind::Comment> {
  std::string text;
};

struct Module {
  Body body;
};

// Whether the statement holds statements of its own that run in place (a
// control-flow statement: if, loops, with, try, match; not def or class).
inline bool is_compound_flow(const Stmt& statement) {
  switch (statement.kind) {
    case StmtKind::For:
    case StmtKind::AsyncFor:
    case StmtKind::While:
    case StmtKind::If:
    case StmtKind::With:
    case StmtKind::AsyncWith:
    case StmtKind::Match:
    case StmtKind::Try:
    case StmtKind::TryStar: return true;
    default: return false;
  }
}

// The statement when it is `name = value` with that one target, else null
// (the bookkeeping assignments compilers write: __doc__, __module__, ...).
inline const Assign* assignment_to_name(const StmtPtr& statement, std::string_view name) {
  const auto* assign = as<Assign>(statement);
  if (assign == nullptr || assign->targets.size() != 1) return nullptr;
  const auto* target = as<Name>(assign->targets[0]);
  return target && target->id == name ? assign : nullptr;
}

}  // namespace depyf::ast
