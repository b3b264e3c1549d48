// Values held on the stack across the edge of protected code: generated
// code only (CPython 3.11+ as Dynamo writes it; compiled source starts and
// ends every try body with the stack as it found it).
//
// Dynamo's transformed code for a graph break inside a `with` block calls
// the unsupported function with the context re-entered around that one
// call (resume_execution.py, ReenterWith.try_finally):
//
//     ctx.__enter__()
//     try:
//         <the call, its callable and arguments pushed before the try>
//     finally:
//         ctx.__exit__(None, None, None)
//
// and goes on using the call's result from the stack after the try. The
// walk leaves such a result on the stack as an expression, so it was
// printed where it is consumed, after the finally clause: the call ran
// outside the context (a function under torch.no_grad() saw grad mode on).
// A value made inside the try body and left on the stack is therefore
// assigned to a temporary at the end of the body. A value held before the
// try and consumed inside it is assigned to one before the try: it was
// evaluated outside the protection.
#include "ast/children.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

// Evaluated later, in or out of protection, such an expression gives the
// same value and cannot raise: a constant, or a display of constants. (A
// name is read as late anyway by compiled code; evaluation_order.cpp spills
// one that a statement rebinds.)
bool evaluates_alike_anywhere(const ast::ExprPtr& expr) {
  if (!expr) return true;
  switch (expr->kind) {
    case ast::ExprKind::Constant:
    case ast::ExprKind::Name: return true;
    case ast::ExprKind::List:
    case ast::ExprKind::Tuple:
    case ast::ExprKind::Set:
    case ast::ExprKind::Dict:
    case ast::ExprKind::Starred: {
      bool alike = true;
      ast::for_each_child(*expr, [&](ast::ExprPtr& child) { alike = alike && evaluates_alike_anywhere(child); });
      return alike;
    }
    default: return false;
  }
}

bool spillable(const Value& value) {
  return value.kind == Value::Kind::Expr && value.expr && !value.accumulator && value.walrus_targets.empty() &&
         !evaluates_alike_anywhere(value.expr);
}

}  // namespace

void FunctionDecompiler::spill_values_entering_try(Stack& stack, ast::Body& out, int index) {
  for (std::size_t k = 0; k < stack.size(); ++k)
    if (spillable(stack[k])) spill(stack[k].expr, stack, out, out.size(), index);
}

void FunctionDecompiler::spill_values_leaving_try(const Stack& before, Stack& body_stack, ast::Body& body, int index) {
  for (std::size_t k = 0; k < body_stack.size(); ++k) {
    const Value& value = body_stack[k];
    if (!spillable(value)) continue;
    const bool held_before = k < before.size() && before[k].expr == value.expr;
    if (!held_before) spill(value.expr, body_stack, body, body.size(), index);
  }
}

}  // namespace depyf::decompile
