// How to spell a condition tested by jumps (if, while, assert, comprehension
// filters) so that it compiles to the original jumps.
//
// In a jump context `not` only flips which way a jump goes, and and/or can be
// rewritten by De Morgan without changing the code, with one exception: the
// AST optimizer folds a `not` standing directly over a compare with `is`,
// `is not`, `in` or `not in` into the inverse compare, which changes the
// compare instruction. The bytecode fixes each compare's operator, so no
// such compare may end up directly under a `not`. Where a negation meets
// one, it has to stay further up, around the and/or holding it:
// `not (a and b is c)` rather than `not a or b is not c`.
//
// From 3.14 the AST optimizer folds nothing of the kind: a `not` over such
// a compare flips the jump like any other, so the compare is written as
// the instruction has it and negated with `not` (`if not K in d:` is
// CONTAINS_OP in; POP_JUMP_IF_TRUE, `if K not in d:` CONTAINS_OP not in).
#include <array>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// `x is None` / `x is not None`.
bool is_none_test(const ast::ExprPtr& expr) {
  auto* compare = ast::as<ast::Compare>(expr);
  return compare && compare->ops.size() == 1 &&
         (compare->ops[0] == ast::CmpOp::Is || compare->ops[0] == ast::CmpOp::IsNot) &&
         is_none_constant(compare->comparators[0]);
}

// 3.11+ test `x is None` / `x is not None` by a jump (POP_JUMP_IF_NONE ...)
// that takes either spelling, so those compares are not fixed.
bool is_foldable_compare(const ast::ExprPtr& expr, bool none_tests_are_jumps) {
  auto* compare = ast::as<ast::Compare>(expr);
  if (compare == nullptr || compare->ops.size() != 1) return false;
  const ast::CmpOp op = compare->ops[0];
  if (op == ast::CmpOp::Is || op == ast::CmpOp::IsNot) return !(none_tests_are_jumps && is_none_test(expr));
  return op == ast::CmpOp::In || op == ast::CmpOp::NotIn;
}

ast::ExprPtr not_(ast::ExprPtr expr) {
  return make::unaryop(ast::UnaryOperator::Not, std::move(expr));
}

// One way of writing a subtree: `folded` compares the optimizer would
// change (to be avoided), then as few `not`s as possible.
struct Spelling {
  int folded = 0;
  int nots = 0;
  ast::ExprPtr expr;
  bool better_than(const Spelling& other) const {
    return folded != other.folded ? folded < other.folded : nots < other.nots;
  }
};

// The best spellings of `expr` as it stands ([0]) and of its negation ([1]).
std::array<Spelling, 2> spellings(const ast::ExprPtr& expr, bool none_tests_are_jumps, bool nots_stay) {
  if (auto* unary = ast::as<ast::UnaryOp>(expr); unary && unary->op == ast::UnaryOperator::Not) {
    auto inner = spellings(unary->operand, none_tests_are_jumps, nots_stay);
    return {inner[1], inner[0]};
  }
  auto* op = ast::as<ast::BoolOp>(expr);
  if (op == nullptr) {
    Spelling negated{0, 1, not_(expr)};
    if (is_foldable_compare(expr, none_tests_are_jumps) && !nots_stay) negated = Spelling{1, 0, negate(expr)};
    // (A None test the jump takes either way round is negated for free.)
    else if (is_none_test(expr) && none_tests_are_jumps)
      negated = Spelling{0, 0, negate(expr)};
    return {Spelling{0, 0, expr}, negated};
  }
  const auto flipped = op->op == ast::BoolOperator::And ? ast::BoolOperator::Or : ast::BoolOperator::And;
  Spelling same{0, 0, nullptr}, pushed{0, 0, nullptr};  // children as they stand / each negated
  std::vector<ast::ExprPtr> same_values, pushed_values;
  for (const auto& value : op->values) {
    auto child = spellings(value, none_tests_are_jumps, nots_stay);
    same.folded += child[0].folded;
    same.nots += child[0].nots;
    same_values.push_back(child[0].expr);
    pushed.folded += child[1].folded;
    pushed.nots += child[1].nots;
    pushed_values.push_back(child[1].expr);
  }
  same.expr = make::boolop(op->op, same_values);
  pushed.expr = make::boolop(flipped, pushed_values);
  // `x` is also `not (De Morgan of x)`, and `not x` is De Morgan of x.
  Spelling double_negated{pushed.folded, pushed.nots + 1, not_(pushed.expr)};
  Spelling wrapped{same.folded, same.nots + 1, not_(same.expr)};
  return {double_negated.better_than(same) ? double_negated : same, wrapped.better_than(pushed) ? wrapped : pushed};
}

}  // namespace

ast::ExprPtr FunctionDecompiler::condition_form(const ast::ExprPtr& expr, bool negated) const {
  return spellings(expr, code_.version.minor >= 11, code_.version.minor >= 14)[negated ? 1 : 0].expr;
}

int FunctionDecompiler::condition_folds(const ast::ExprPtr& expr, bool negated) const {
  return spellings(expr, code_.version.minor >= 11, code_.version.minor >= 14)[negated ? 1 : 0].folded;
}

ast::ExprPtr negate_plainly(ast::ExprPtr expr) {
  if (auto* unary = ast::as<ast::UnaryOp>(expr); unary && unary->op == ast::UnaryOperator::Not) return unary->operand;
  return not_(std::move(expr));
}

}  // namespace depyf::decompile
