// Chained comparisons `a < b < c`: each inner operand is duplicated below
// the comparison that uses it first, and a false link jumps to a cleanup
// that drops the duplicate,
//     ≤3.10  DUP_TOP; ROT_THREE; COMPARE_OP; JUMP_IF_FALSE_OR_POP cleanup
//     3.11   SWAP 2; COPY 2; COMPARE_OP; JUMP_IF_FALSE_OR_POP cleanup
//     3.12+  SWAP 2; COPY 2; COMPARE_OP; COPY 1; POP_JUMP_IF_FALSE cleanup; POP_TOP
// (a condition uses POP_JUMP_IF_FALSE cleanup), the last link compares
// without a duplicate, and the cleanup is `ROT_TWO/SWAP 2; POP_TOP` for a
// value or `POP_TOP` for a condition, then goes where a false chain goes
// (by a jump, by falling through, or through a copy of that code).
#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

// The jump at `jump` tests a comparison whose right operand is duplicated
// just below it: the first link of a chain.
bool FunctionDecompiler::is_chain_link(int jump, const ast::ExprPtr& tested, const Stack& below) const {
  if (below.empty() || !below.back().copy_token || below.back().kind != Value::Kind::Expr) return false;
  auto* compare = ast::as<ast::Compare>(tested);
  if (compare == nullptr || compare->comparators.empty() || compare->comparators.back() != below.back().expr)
    return false;
  const int count = int(function_.instrs.size());
  const int cleanup = function_.instrs[jump].target;
  if (cleanup < 0 || cleanup + 1 >= count) return false;
  const Op first = function_.instrs[cleanup].op;
  const bool value_cleanup = (first == Op::Rotate || first == Op::Swap) && function_.instrs[cleanup].arg == 2 &&
                             function_.instrs[cleanup + 1].op == Op::PopTop;
  return value_cleanup || first == Op::PopTop;
}

bool FunctionDecompiler::is_chain_cleanup_jump(int block) const {
  const cfg::Block& b = graph_.blocks[block];
  int at = b.first;
  if ((function_.instrs[at].op == Op::Rotate || function_.instrs[at].op == Op::Swap) && function_.instrs[at].arg == 2)
    ++at;
  if (at + 1 != b.last || function_.instrs[at].op != Op::PopTop || function_.instrs[b.last].op != Op::Jump ||
      b.predecessors.empty())
    return false;
  // Every way in is a false link: a conditional jump right after (3.12+:
  // a copy of) a comparison whose right operand was duplicated first.
  return std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
    int k = graph_.blocks[p].last;
    const ir::Instr& jump = function_.instrs[k];
    if (!is_conditional_jump(jump.op) || jump.target != b.first) return false;
    if (k >= 1 && function_.instrs[k - 1].op == Op::Copy && function_.instrs[k - 1].arg == 1) --k;
    if (k < 2 || function_.instrs[k - 1].op != Op::Compare) return false;
    const ir::Instr& duplicate = function_.instrs[k - 2];
    return (duplicate.op == Op::Copy && duplicate.arg == 2) || (duplicate.op == Op::Rotate && duplicate.arg == 3);
  });
}

// Claims the cleanup at `cleanup` (`skip` shuffle/pop instructions) whose
// path must arrive where `expected` does; false when it does not.
bool FunctionDecompiler::claim_chain_cleanup(int cleanup, int skip, int expected) {
  const int count = int(function_.instrs.size());
  int next = cleanup + skip;
  if (next >= count) return false;
  std::vector<int> claimed;
  for (int k = cleanup; k < next; ++k) claimed.push_back(k);
  if (function_.instrs[next].op == Op::Jump) {
    claimed.push_back(next);
    next = function_.instrs[next].target;
  }
  if (resolve_jumps(next) != resolve_jumps(expected)) {
    // The compiler copied a short exit block onto the cleanup path.
    const int length = exit_copy_length(next, resolve_jumps(expected));
    if (length == 0) return false;
    for (int k = 0; k < length; ++k) claimed.push_back(next + k);
  }
  for (int k : claimed) visited_[k] = 1;
  return true;
}

// Walks the links after the first one. On entry the stack ends with the
// duplicated operand; on return it ends with the last comparison, and the
// whole chain is returned. `after` receives the index after that last
// comparison.
ast::ExprPtr FunctionDecompiler::walk_chain(int resume, const ast::ExprPtr& first, int cleanup, Stack& stack,
                                            int& after, bool condition) {
  auto* head = ast::as<ast::Compare>(first);
  std::vector<ast::CmpOp> ops = head->ops;
  std::vector<ast::ExprPtr> comparators = head->comparators;
  const std::size_t base = stack.size();
  const int count = int(function_.instrs.size());
  int i = resume;
  while (true) {
    if (i >= count) fail(i - 1, "chained comparison runs off the code");
    const ir::Instr& instr = function_.instrs[i];
    // 3.11+ test a last link `x is None` / `x is not None` of a condition
    // with POP_JUMP_IF_NOT_NONE / POP_JUMP_IF_NONE on x itself: the jump
    // goes where a false chain goes, like POP_JUMP_IF_FALSE on the compare.
    if (condition && stack.size() == base && (instr.op == Op::PopJumpIfNone || instr.op == Op::PopJumpIfNotNone)) {
      ops.push_back(instr.op == Op::PopJumpIfNotNone ? ast::CmpOp::Is : ast::CmpOp::IsNot);
      comparators.push_back(make::none());
      stack.pop_back();
      stack.push_back(Value::of(make::none()));  // stands for the last comparison, popped by the caller
      after = i;
      return make::compare(head->left, ops, comparators);
    }
    switch (instr.op) {
      case Op::Jump:
      case Op::ForIter:
      case Op::JumpIfFalseOrPop:
      case Op::JumpIfTrueOrPop:
      case Op::PopJumpIfFalse:
      case Op::PopJumpIfTrue:
      case Op::PopJumpIfNone:
      case Op::PopJumpIfNotNone:
      case Op::ReturnValue:
      case Op::RaiseVarargs:
        fail(i, "control flow inside a chained comparison operand");
      default:
        break;
    }
    if (i != resume && graph_.blocks[block_at(i)].first == i &&
        graph_.blocks[block_at(i)].predecessors.size() != 1)
      fail(i, "a join inside a chained comparison");
    ast::Body statements;
    simulate(i++, stack, statements);
    if (!statements.empty()) fail(i - 1, "statement inside a chained comparison");
    if (instr.op != Op::Compare) continue;
    const ast::ExprPtr tested = stack.back().expr;  // keeps `compare` alive across the pop below
    auto* compare = ast::as<ast::Compare>(tested);
    if (compare == nullptr || compare->ops.size() != 1) continue;
    // Another link: the result is tested, a false one goes to the cleanup.
    int link_end = -1;
    if (stack.size() == base + 1 && i < count) {
      const ir::Instr& next = function_.instrs[i];
      if (next.op == Op::JumpIfFalseOrPop && next.target == cleanup) {
        link_end = i + 1;
      } else if (next.op == Op::PopJumpIfFalse && next.target == cleanup) {
        link_end = i + 1;
      } else if (next.op == Op::Copy && next.arg == 1 && i + 2 < count &&
                 function_.instrs[i + 1].op == Op::PopJumpIfFalse && function_.instrs[i + 1].target == cleanup &&
                 function_.instrs[i + 2].op == Op::PopTop) {
        link_end = i + 3;
      }
    }
    if (link_end >= 0) {
      for (int k = i; k < link_end; ++k) visited_[k] = 1;
      ops.push_back(compare->ops[0]);
      comparators.push_back(compare->comparators[0]);
      stack.pop_back();
      if (stack.back().expr != compare->comparators[0]) fail(i - 1, "chained comparison without its duplicate");
      i = link_end;
      continue;
    }
    if (stack.size() == base) {
      ops.push_back(compare->ops[0]);
      comparators.push_back(compare->comparators[0]);
      after = i;
      return make::compare(head->left, ops, comparators);
    }
  }
}

int FunctionDecompiler::decompile_chained_value(int jump, int resume, const ast::ExprPtr& first, Stack& stack) {
  const int cleanup = function_.instrs[jump].target;
  const Op shuffle = function_.instrs[cleanup].op;
  if (!((shuffle == Op::Rotate || shuffle == Op::Swap) && function_.instrs[cleanup + 1].op == Op::PopTop))
    fail(jump, "chained comparison value without its cleanup");
  int after = -1;
  ast::ExprPtr chain = walk_chain(resume, first, cleanup, stack, after);
  stack.back() = Value::of(chain);
  if (!claim_chain_cleanup(cleanup, 2, after)) fail(cleanup, "chained comparison cleanup goes elsewhere");
  return after;
}

Condition FunctionDecompiler::read_chained_condition(int jump, Stack& stack, std::vector<int>& blocks) {
  const int cleanup = function_.instrs[jump].target;
  if (function_.instrs[jump].op != Op::PopJumpIfFalse || function_.instrs[cleanup].op != Op::PopTop)
    fail(jump, "chained comparison condition without its cleanup");
  visited_[jump] = 1;
  ast::ExprPtr first = pop_expr(stack, jump);
  int after = -1;
  ast::ExprPtr chain = walk_chain(jump + 1, first, cleanup, stack, after, /*condition=*/true);
  pop(stack, after);  // the last comparison, tested by the final jump
  const ir::Instr& last = function_.instrs[after];
  // (A last `is None` / `is not None` link: its jump is the false one.)
  const bool none_test = last.op == Op::PopJumpIfNone || last.op == Op::PopJumpIfNotNone;
  if (last.op != Op::PopJumpIfFalse && last.op != Op::PopJumpIfTrue && !none_test)
    fail(after, "chained comparison condition without a final test");
  visited_[after] = 1;
  // ≤3.11 leave the chain's fall-through side by a jump of its own.
  int next = after + 1;
  if (next < int(function_.instrs.size()) && function_.instrs[next].op == Op::Jump &&
      graph_.blocks[block_at(next)].first == next && graph_.blocks[block_at(next)].last == next &&
      function_.instrs[next].target > next) {
    visited_[next] = 1;
    blocks.push_back(block_at(next));
    next = function_.instrs[next].target;
  }
  Condition condition;
  condition.expr = chain;
  condition.next = next;
  condition.true_target = last.op == Op::PopJumpIfTrue ? last.target : next;
  condition.false_target = last.op == Op::PopJumpIfTrue ? next : last.target;
  if (!claim_chain_cleanup(cleanup, 1, condition.false_target))
    fail(cleanup, "chained comparison cleanup goes elsewhere");
  for (int b = block_at(jump); b <= block_at(after); ++b) blocks.push_back(b);
  blocks.push_back(block_at(cleanup));
  return condition;
}

}  // namespace depyf::decompile
