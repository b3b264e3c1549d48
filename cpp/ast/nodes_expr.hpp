// Expression nodes of the Python AST, mirroring CPython's `ast` module node
// for node and field for field (a superset of 3.8 ... 3.14), so that the
// decompiler's output can be compared one to one with ast.parse() of the
// original source. Children are shared_ptr because the decompiler shares
// subexpressions while it simulates the value stack.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "code/constant.hpp"

namespace depyf::ast {

enum class ExprKind {
  BoolOp,
  NamedExpr,
  BinOp,
  UnaryOp,
  Lambda,
  IfExp,
  Dict,
  Set,
  ListComp,
  SetComp,
  DictComp,
  GeneratorExp,
  Await,
  Yield,
  YieldFrom,
  Compare,
  Call,
  FormattedValue,
  JoinedStr,
  Interpolation,
  TemplateStr,
  Constant,
  Attribute,
  Subscript,
  Starred,
  Name,
  List,
  Tuple,
  Slice,
};

// ast.expr_context. The printer ignores it; it is kept so that a decompiled
// tree can be compared with ast.parse() field for field.
enum class ExprContext { Load, Store, Del };

enum class BoolOperator { And, Or };
enum class Operator { Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv };
enum class UnaryOperator { Invert, Not, UAdd, USub };
enum class CmpOp { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

struct Expr {
  const ExprKind kind;
  int lineno = 0;  // 1-based source line, 0 = unknown

  virtual ~Expr() = default;

 protected:
  explicit Expr(ExprKind k) : kind(k) {}
};

using ExprPtr = std::shared_ptr<Expr>;

// Downcasts: `if (auto* call = as<Call>(e))`. Every node type declares its
// kind as kKind, so the check is a compare, not a dynamic_cast.
template <class T>
const T* as(const Expr* e) {
  return e != nullptr && e->kind == T::kKind ? static_cast<const T*>(e) : nullptr;
}
template <class T>
const T* as(const ExprPtr& e) {
  return as<T>(e.get());
}

template <ExprKind K>
struct ExprNode : Expr {
  static constexpr ExprKind kKind = K;
  ExprNode() : Expr(K) {}
};

// ---- helper records (not expressions themselves) ----

struct Arg {
  std::string arg;
  ExprPtr annotation;  // may be null
  int lineno = 0;
};

struct Arguments {
  std::vector<Arg> posonlyargs;
  std::vector<Arg> args;
  std::optional<Arg> vararg;
  std::vector<Arg> kwonlyargs;
  std::vector<ExprPtr> kw_defaults;  // one per kwonlyarg; null = no default
  std::optional<Arg> kwarg;
  std::vector<ExprPtr> defaults;  // for the last len(defaults) of posonlyargs + args
};

struct Keyword {
  std::optional<std::string> arg;  // nullopt = `**value`
  ExprPtr value;
  int lineno = 0;
};

struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  std::vector<ExprPtr> ifs;
  bool is_async = false;
};

// ---- expressions ----

struct BoolOp : ExprNode<ExprKind::BoolOp> {
  BoolOperator op = BoolOperator::And;
  std::vector<ExprPtr> values;  // two or more
};

struct NamedExpr : ExprNode<ExprKind::NamedExpr> {
  ExprPtr target;
  ExprPtr value;
};

struct BinOp : ExprNode<ExprKind::BinOp> {
  ExprPtr left;
  Operator op = Operator::Add;
  ExprPtr right;
};

struct UnaryOp : ExprNode<ExprKind::UnaryOp> {
  UnaryOperator op = UnaryOperator::Not;
  ExprPtr operand;
};

struct Lambda : ExprNode<ExprKind::Lambda> {
  std::shared_ptr<Arguments> args;  // never null once built by the factories
  ExprPtr body;
};

struct IfExp : ExprNode<ExprKind::IfExp> {
  ExprPtr test;
  ExprPtr body;
  ExprPtr orelse;
};

struct Dict : ExprNode<ExprKind::Dict> {
  std::vector<ExprPtr> keys;  // null key = `**value`
  std::vector<ExprPtr> values;
};

struct Set : ExprNode<ExprKind::Set> {
  std::vector<ExprPtr> elts;
};

struct ListComp : ExprNode<ExprKind::ListComp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

struct SetComp : ExprNode<ExprKind::SetComp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

struct DictComp : ExprNode<ExprKind::DictComp> {
  ExprPtr key;
  ExprPtr value;
  std::vector<Comprehension> generators;
};

struct GeneratorExp : ExprNode<ExprKind::GeneratorExp> {
  ExprPtr elt;
  std::vector<Comprehension> generators;
};

struct Await : ExprNode<ExprKind::Await> {
  ExprPtr value;
};

struct Yield : ExprNode<ExprKind::Yield> {
  ExprPtr value;  // may be null
};

struct YieldFrom : ExprNode<ExprKind::YieldFrom> {
  ExprPtr value;
};

struct Compare : ExprNode<ExprKind::Compare> {
  ExprPtr left;
  std::vector<CmpOp> ops;
  std::vector<ExprPtr> comparators;
};

struct Call : ExprNode<ExprKind::Call> {
  ExprPtr func;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
};

struct FormattedValue : ExprNode<ExprKind::FormattedValue> {
  ExprPtr value;
  int conversion = -1;  // -1 none, else 's', 'r' or 'a' as in ast
  ExprPtr format_spec;  // a JoinedStr, or null
};

struct JoinedStr : ExprNode<ExprKind::JoinedStr> {
  std::vector<ExprPtr> values;  // Constant str and FormattedValue
};

// 3.14+ template strings (PEP 750): t"...{value!r:spec}...".
struct Interpolation : ExprNode<ExprKind::Interpolation> {
  ExprPtr value;
  ExprPtr str;          // ast.Interpolation.str: a Constant, the expression's source text as written
  int conversion = -1;  // -1 none, else 's', 'r' or 'a'
  ExprPtr format_spec;  // a JoinedStr, or null
};

struct TemplateStr : ExprNode<ExprKind::TemplateStr> {
  std::vector<ExprPtr> values;  // Constant str and Interpolation
};

struct Constant : ExprNode<ExprKind::Constant> {
  depyf::ConstantPtr value;                // any code-object constant, Opaque included
  std::optional<std::string> kind_prefix;  // ast.Constant.kind: "u" for u'...'
};

struct Attribute : ExprNode<ExprKind::Attribute> {
  ExprPtr value;
  std::string attr;
  ExprContext ctx = ExprContext::Load;
};

struct Subscript : ExprNode<ExprKind::Subscript> {
  ExprPtr value;
  ExprPtr slice;  // any expression; Slice and Tuple of slices allowed here
  ExprContext ctx = ExprContext::Load;
};

struct Starred : ExprNode<ExprKind::Starred> {
  ExprPtr value;
  ExprContext ctx = ExprContext::Load;
};

struct Name : ExprNode<ExprKind::Name> {
  std::string id;
  ExprContext ctx = ExprContext::Load;
};

struct List : ExprNode<ExprKind::List> {
  std::vector<ExprPtr> elts;
  ExprContext ctx = ExprContext::Load;
};

struct Tuple : ExprNode<ExprKind::Tuple> {
  std::vector<ExprPtr> elts;
  ExprContext ctx = ExprContext::Load;
};

struct Slice : ExprNode<ExprKind::Slice> {
  ExprPtr lower;  // each may be null
  ExprPtr upper;
  ExprPtr step;
};

// Whether the expression is the plain name `id`.
inline bool is_name(const ExprPtr& expr, std::string_view id) {
  const auto* name = as<Name>(expr);
  return name != nullptr && name->id == id;
}

}  // namespace depyf::ast
