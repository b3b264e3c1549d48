// `a and b or c` as a value: the compiler tests `a` as a condition whose
// false side jumps straight to `c`, then `b` decides with a value-keeping
// jump (JUMP_IF_TRUE_OR_POP; 3.12+ COPY 1, POP_JUMP_IF_TRUE, POP_TOP):
//     a; POP_JUMP_IF_FALSE R; b; JUMP_IF_TRUE_OR_POP END; R: c; END:
// Read at the condition: the operand `b` is folded into a left operand
// (`a and b`, or with `or`/`not` by where the jumps go), and the rest is an
// ordinary value-producing and/or.
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

ast::ExprPtr combine(ast::BoolOperator op, ast::ExprPtr a, ast::ExprPtr b) {
  std::vector<ast::ExprPtr> values;
  for (auto* part : {&a, &b}) {
    auto* inner = ast::as<ast::BoolOp>(*part);
    if (inner && inner->op == op) values.insert(values.end(), inner->values.begin(), inner->values.end());
    else values.push_back(*part);
  }
  return make::boolop(op, std::move(values));
}

}  // namespace

int FunctionDecompiler::try_and_or_value(const Condition& condition, const Region& region, Stack& stack) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const int start = condition.next;
  if (start < 0 || start >= count) return -2;
  const cfg::Block& block = graph_.blocks[block_at(start)];
  if (block.first != start || block.predecessors.size() != 1) return -2;
  if (graph_.loop_headed_by(block.id)) return -2;
  // The value-keeping jump that ends the block, and where its operand
  // continues (R).
  const int jump = block.last;
  const ir::Instr& last = instrs[jump];
  int operand_end = jump;  // first instruction not computing `b`
  int right = -1;
  bool is_or = false;
  if (last.op == Op::JumpIfTrueOrPop || last.op == Op::JumpIfFalseOrPop) {
    right = jump + 1;
    is_or = last.op == Op::JumpIfTrueOrPop;
  } else if ((last.op == Op::PopJumpIfTrue || last.op == Op::PopJumpIfFalse) && jump - 1 > start &&
             instrs[jump - 1].op == Op::Copy && instrs[jump - 1].arg == 1 && jump + 1 < count &&
             instrs[jump + 1].op == Op::PopTop) {
    operand_end = jump - 1;
    right = jump + 2;
    is_or = last.op == Op::PopJumpIfTrue;
  } else {
    return -2;
  }
  const bool falls_on_true = condition.true_target == start;
  const int other = falls_on_true ? condition.false_target : condition.true_target;
  if (other != right || last.target <= right) return -2;
  // `b` must be a plain expression: simulate it on a copy first.
  Stack scratch = stack;
  ast::Body statements;
  const std::vector<char> visited_before(visited_.begin() + start, visited_.begin() + operand_end);
  try {
    for (int i = start; i < operand_end; ++i) {
      const Op op = instrs[i].op;
      if (op == Op::Jump || op == Op::ForIter || op == Op::JumpIfTrueOrPop || op == Op::JumpIfFalseOrPop ||
          ir::is_conditional_jump(op) || op == Op::ReturnValue || op == Op::RaiseVarargs)
        throw Error("not a plain operand");
      simulate(i, scratch, statements);
    }
  } catch (const Error&) {
    std::copy(visited_before.begin(), visited_before.end(), visited_.begin() + start);
    return -2;
  }
  if (!statements.empty() || scratch.size() != stack.size() + 1) {
    std::copy(visited_before.begin(), visited_before.end(), visited_.begin() + start);
    return -2;
  }
  stack = scratch;
  ast::ExprPtr operand = pop_expr(stack, operand_end);
  ast::ExprPtr left;
  if (falls_on_true) {
    left = is_or ? combine(ast::BoolOperator::And, condition.expr, operand)
                 : combine(ast::BoolOperator::Or, negate(condition.expr), operand);
  } else {
    left = is_or ? combine(ast::BoolOperator::And, negate(condition.expr), operand)
                 : combine(ast::BoolOperator::Or, condition.expr, operand);
  }
  if (operand_end == jump) {
    stack.push_back(Value::of(left));
  } else {  // 3.12+: COPY 1 of the value
    visited_[operand_end] = 1;
    Value value = Value::of(left);
    value.copy_token = std::make_shared<int>(operand_end);
    stack.push_back(value);
    stack.push_back(value);
  }
  return decompile_value_bool(jump, region, stack);
}

}  // namespace depyf::decompile
