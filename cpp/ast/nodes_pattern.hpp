// Pattern nodes of `match` statements (3.10+), mirroring ast.pattern.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ast/nodes_expr.hpp"

namespace depyf::ast {

enum class PatternKind {
  MatchValue,
  MatchSingleton,
  MatchSequence,
  MatchMapping,
  MatchClass,
  MatchStar,
  MatchAs,
  MatchOr,
};

struct Pattern {
  const PatternKind kind;
  int lineno = 0;

  virtual ~Pattern() = default;

 protected:
  explicit Pattern(PatternKind k) : kind(k) {}
};

using PatternPtr = std::shared_ptr<Pattern>;

template <class T>
const T* as(const Pattern* p) {
  return p != nullptr && p->kind == T::kKind ? static_cast<const T*>(p) : nullptr;
}
template <class T>
const T* as(const PatternPtr& p) {
  return as<T>(p.get());
}

template <PatternKind K>
struct PatternNode : Pattern {
  static constexpr PatternKind kKind = K;
  PatternNode() : Pattern(K) {}
};

struct MatchValue : PatternNode<PatternKind::MatchValue> {
  ExprPtr value;  // constant, negative/complex number, or dotted name
};

struct MatchSingleton : PatternNode<PatternKind::MatchSingleton> {
  depyf::ConstantPtr value;  // None, True or False
};

struct MatchSequence : PatternNode<PatternKind::MatchSequence> {
  std::vector<PatternPtr> patterns;
};

struct MatchMapping : PatternNode<PatternKind::MatchMapping> {
  std::vector<ExprPtr> keys;
  std::vector<PatternPtr> patterns;
  std::optional<std::string> rest;  // `**rest`
};

struct MatchClass : PatternNode<PatternKind::MatchClass> {
  ExprPtr cls;
  std::vector<PatternPtr> patterns;
  std::vector<std::string> kwd_attrs;
  std::vector<PatternPtr> kwd_patterns;
};

struct MatchStar : PatternNode<PatternKind::MatchStar> {
  std::optional<std::string> name;  // nullopt = `*_`
};

struct MatchAs : PatternNode<PatternKind::MatchAs> {
  PatternPtr pattern;               // may be null
  std::optional<std::string> name;  // nullopt with null pattern = `_`
};

struct MatchOr : PatternNode<PatternKind::MatchOr> {
  std::vector<PatternPtr> patterns;
};

}  // namespace depyf::ast
