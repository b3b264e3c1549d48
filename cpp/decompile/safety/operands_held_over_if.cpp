// Refusing an if statement read while operands of an enclosing expression
// wait on the stack.
//
// Compiled source holds only the walk's own values across a conditional
// jump that starts an if statement (a for loop's iterator, a with's exit,
// a comprehension's accumulator, an exception being handled). A plain
// value below the test - a call's function and its NULL, an operand - means
// the test is part of an expression: a conditional value whose branches the
// optimizer gave their own copies of the statement's tail
// (inlined_exit_values.cpp reads the simple ones; `v(a if x else b if y
// else c)` ending a finally body is nested and is not). Read as an if
// statement, each branch would evaluate those operands after the test,
// where the bytecode evaluated them before (random program 24000:2917:
// NameError for `x` instead of for `v`). Refused instead.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

void FunctionDecompiler::refuse_operand_held_over_if(const Stack& before, const Stack& then_stack,
                                                     const Stack& else_stack, int index) const {
  // (3.14+ __annotate__ functions hold the dict they fill across the
  // tests of conditionally defined annotations: forms/annotations.cpp.)
  if (code_.version.minor >= 14 && code_.name == "__annotate__") return;
  auto used = [&](const Stack& branch, std::size_t k) {
    return branch.size() <= k || branch[k].expr != before[k].expr || branch[k].kind != before[k].kind;
  };
  for (std::size_t k = 0; k < before.size(); ++k) {
    const Value& value = before[k];
    // (A constant evaluates the same whenever: the None a ≤3.8 finally
    // body runs over, say.)
    const bool operand = (value.kind == Value::Kind::Expr || value.kind == Value::Kind::Null) &&
                         !value.accumulator && !ast::as<ast::Constant>(value.expr);
    if (operand && (used(then_stack, k) || used(else_stack, k)))
      fail(index, "a conditional value whose branches each run a copy of the rest of the statement (operands "
                  "evaluated before the test are used in both branches)");
  }
}

}  // namespace depyf::decompile
