// How to write an assert read from `if guard: raise AssertionError(msg)`.
//
// `assert t` compiles t's jumps with the raise on its false path, so the
// assert's test is the negated guard. Where every spelling of that negation
// puts a `not` straight over an `is`/`in` compare (which the AST optimizer
// folds into the inverse compare, changing the instruction), no single
// assert gives those jumps: the source was `if a: assert b` (same jumps:
// a's false path and b's true path both skip the raise). pickletools dis,
// `if x in s: assert s[-1] is y`, all versions.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// The guard as a list of conjuncts: `a and b` -> a, b; `not (a or b)` ->
// not a, not b; anything else is one conjunct.
std::vector<ast::ExprPtr> conjuncts(const ast::ExprPtr& guard) {
  if (auto* op = ast::as<ast::BoolOp>(guard); op && op->op == ast::BoolOperator::And) return op->values;
  if (auto* unary = ast::as<ast::UnaryOp>(guard); unary && unary->op == ast::UnaryOperator::Not) {
    if (auto* op = ast::as<ast::BoolOp>(unary->operand); op && op->op == ast::BoolOperator::Or) {
      std::vector<ast::ExprPtr> negated;
      for (const auto& value : op->values) negated.push_back(negate_plainly(value));
      return negated;
    }
  }
  return {guard};
}

}  // namespace

ast::StmtPtr FunctionDecompiler::assert_statement(const ast::ExprPtr& guard, const ast::ExprPtr& message) const {
  if (condition_folds(guard, true) == 0) return make::assert_(negate_condition(guard), message);
  auto parts = conjuncts(guard);
  if (parts.size() >= 2) {
    const ast::ExprPtr last = parts.back();
    parts.pop_back();
    const ast::ExprPtr outer = parts.size() == 1 ? parts[0] : make::boolop(ast::BoolOperator::And, parts);
    if (condition_folds(outer, false) == 0 && condition_folds(last, true) == 0)
      return make::if_(condition_form(outer, false), {make::assert_(negate_condition(last), message)});
  }
  return make::assert_(negate_condition(guard), message);
}

}  // namespace depyf::decompile
