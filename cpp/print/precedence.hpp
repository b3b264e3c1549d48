// Operator precedence as Python's grammar defines it, lowest binding first,
// and the operator spellings. An expression of precedence P printed where
// the context requires R gets parentheses exactly when P < R.
//
// The order differs from Lib/ast.py in one place: Yield sits below Tuple, so
// that a context that takes `yield` bare (an assignment's value, an
// expression statement) also takes an unparenthesised tuple, while a context
// that takes a tuple but not `yield` (return, for ... in, subscripts) asks
// for Tuple. A walrus is allowed bare in fewer places than its precedence
// suggests; the printer handles those "element" contexts explicitly.
#pragma once

#include <string_view>

#include "ast/nodes_expr.hpp"

namespace depyf::print {

enum class Prec {
  Named,  // x := v
  Yield,  // yield x, yield from x
  Tuple,  // a, b
  Test,   // a if b else c, lambda
  Or,
  And,
  Not,
  Cmp,
  BitOr,
  BitXor,
  BitAnd,
  Shift,
  Arith,
  Term,
  Factor,  // unary + - ~
  Power,
  Await,
  Atom,
};

inline Prec next(Prec p) {
  return p == Prec::Atom ? Prec::Atom : static_cast<Prec>(static_cast<int>(p) + 1);
}

inline Prec precedence_of(ast::Operator op) {
  using ast::Operator;
  switch (op) {
    case Operator::BitOr: return Prec::BitOr;
    case Operator::BitXor: return Prec::BitXor;
    case Operator::BitAnd: return Prec::BitAnd;
    case Operator::LShift:
    case Operator::RShift: return Prec::Shift;
    case Operator::Add:
    case Operator::Sub: return Prec::Arith;
    case Operator::Mult:
    case Operator::MatMult:
    case Operator::Div:
    case Operator::Mod:
    case Operator::FloorDiv: return Prec::Term;
    case Operator::Pow: return Prec::Power;
  }
  return Prec::Atom;
}

inline std::string_view symbol(ast::Operator op) {
  using ast::Operator;
  switch (op) {
    case Operator::Add: return "+";
    case Operator::Sub: return "-";
    case Operator::Mult: return "*";
    case Operator::MatMult: return "@";
    case Operator::Div: return "/";
    case Operator::Mod: return "%";
    case Operator::Pow: return "**";
    case Operator::LShift: return "<<";
    case Operator::RShift: return ">>";
    case Operator::BitOr: return "|";
    case Operator::BitXor: return "^";
    case Operator::BitAnd: return "&";
    case Operator::FloorDiv: return "//";
  }
  return "?";
}

inline std::string_view symbol(ast::UnaryOperator op) {
  using ast::UnaryOperator;
  switch (op) {
    case UnaryOperator::Invert: return "~";
    case UnaryOperator::Not: return "not ";
    case UnaryOperator::UAdd: return "+";
    case UnaryOperator::USub: return "-";
  }
  return "?";
}

inline std::string_view symbol(ast::CmpOp op) {
  using ast::CmpOp;
  switch (op) {
    case CmpOp::Eq: return "==";
    case CmpOp::NotEq: return "!=";
    case CmpOp::Lt: return "<";
    case CmpOp::LtE: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::GtE: return ">=";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
  }
  return "?";
}

inline std::string_view symbol(ast::BoolOperator op) {
  return op == ast::BoolOperator::And ? "and" : "or";
}

// Patterns: `p as n` binds loosest, then `p | q`, then everything else.
enum class PatternPrec { As, Or, Closed };

}  // namespace depyf::print
