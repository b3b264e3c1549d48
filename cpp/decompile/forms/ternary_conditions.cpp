// A conditional expression tested as a condition, `if (a if b else c):`.
// The compiler tests b, then tests a on one side and c on the other, and
// both tests go to the same two places (the second one directly, the first
// one falling into a jump over the other test, or into copies of a short
// exit block). No and/or spelling reaches those places without testing an
// operand twice, so the shape is read back as the conditional expression.
// a may go to c's places the other way round, `if (not a if b else c):`.
// b may be an and/or or a chained comparison, `if (a if g and h else c):`
// (every version): read_condition tries again once it has read b whole.
// a may be a chained comparison too (3.12+: its cleanup block, laid out
// before c, ends in a jump past c, and the comparison read whole goes on
// there): `if (a < b < d if g else c):`, with_match_guard_ifexp_chained.
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

// Extends the condition just read from one jump (`chain`, read from
// `chain_blocks`) into `body if chain else orelse` when both of its sides
// are such tests; false (nothing changed) when they are not.
bool FunctionDecompiler::extend_to_ternary_condition(Condition& chain, std::vector<int>& chain_blocks, Stack& stack) {
  const int count = int(function_.instrs.size());
  const int first_block = chain.first_block;
  auto side_block = [&](int start) {
    if (start < 0 || start >= count) return -1;
    const int block = block_at(start);
    const cfg::Block& b = graph_.blocks[block];
    // (Reached from the test alone: from its last block, or for the far
    // side of an and/or test, from any of its blocks.)
    if (b.first != start || b.predecessors.empty()) return -1;
    for (int p : b.predecessors)
      if (std::find(chain_blocks.begin(), chain_blocks.end(), p) == chain_blocks.end()) return -1;
    // (A side may be a chained comparison, `if (a if b else c < d < e):`.)
    const bool test = is_pure_condition_block(block, stack) ||
                      is_pure_condition_block(block, stack, false, /*allow_chain_start=*/true);
    return test ? block : -1;
  };
  // The side the jump falls into is laid out first, then the other.
  const int near = chain.next;
  const int far = near == chain.true_target ? chain.false_target : chain.true_target;
  const int near_jump = folded_true_side(near, far, chain_blocks);
  const int near_block = near_jump >= 0 ? near_jump : side_block(near), far_block = side_block(far);
  if (near_block < 0 || far_block < 0 || far <= near) return false;
  // (Statements, `if b: (if a: continue) else: (if c: continue)`, compile
  // to the same tests and jumps; only an expression keeps the tests on the
  // line of the first one.)
  const int line = function_.instrs[graph_.blocks[first_block].last].line;
  if (function_.instrs[near].line != line || function_.instrs[far].line != line) return false;
  const std::vector<char> visited_before = visited_;
  const auto globals_before = globals_.size();
  auto give_up = [&] {
    visited_ = visited_before;
    globals_.resize(globals_before);
    return false;
  };
  Stack near_stack = stack, far_stack = stack;
  Condition first;
  if (near_jump >= 0) {
    // (Taken for a true constant: it goes where the far side goes when true.)
    first.expr = make::boolean(true);
    first.true_target = first.next = function_.instrs[near].target;
    first.blocks = {near_jump};
  } else {
    first = trial_condition(near, graph_.blocks[near_block].last, near_stack);
  }
  if (!first.expr || near_stack.size() != stack.size()) return give_up();
  // (A chained comparison on the near side, 3.12+, ends in a jump of its
  // own past the far side, its cleanup laid out before the far side: read
  // whole, its `next` is already that jump's target. Its blocks still all
  // come before the far side.)
  if (first.next > far &&
      (first.next != first.true_target ||
       std::any_of(first.blocks.begin(), first.blocks.end(), [&](int b) { return graph_.blocks[b].last >= far; })))
    return give_up();
  // The first test's fall-through side may leave by a jump over the other.
  int first_next = first.next;
  int jump_block = -1;
  if (near_jump < 0 && first_next < count && function_.instrs[first_next].op == Op::Jump &&
      graph_.blocks[block_at(first_next)].first == first_next &&
      graph_.blocks[block_at(first_next)].last == first_next && function_.instrs[first_next].target > far) {
    jump_block = block_at(first_next);
    first_next = function_.instrs[first_next].target;
  }
  const Condition second = trial_condition(far, graph_.blocks[far_block].last, far_stack);
  if (!second.expr || far_stack.size() != stack.size()) return give_up();
  const int first_true = first.true_target == first.next ? first_next : first.true_target;
  const int first_false = first.false_target == first.next ? first_next : first.false_target;
  // Where the second test goes, the first goes too: the same place, a
  // copy of that exit, or (3.12+) a lone jump of its own to where the
  // second test's target leads (absorbed into the condition).
  std::vector<int> absorbed;
  auto same_place = [&](int second_target, int first_target) {
    if (same_exit(second_target, first_target)) return true;
    if (first_target < 0 || first_target >= count || function_.instrs[first_target].op != Op::Jump) return false;
    const cfg::Block& b = graph_.blocks[block_at(first_target)];
    if (b.first != first_target || b.last != first_target || b.predecessors.size() != 1) return false;
    if (resolve_jumps(first_target) != resolve_jumps(second_target)) return false;
    absorbed.push_back(b.id);
    return true;
  };
  // (The second test may fall into a lone jump to where the first goes:
  // the jump over the other side of a conditional expression around this
  // one, `if ((a if b else c) if d else e):`, which that one reads.)
  auto onto_jump_there = [&](int second_target, int first_target) {
    return second_target == second.next && is_lone_jump(second_target) &&
           resolve_jumps(second_target) == resolve_jumps(first_target);
  };
  auto goes_there = [&](int second_target, int first_target) {
    return same_place(second_target, first_target) || onto_jump_there(second_target, first_target);
  };
  // (A near side `not a` tests a with its two places swapped, `if (not a
  // if b else c):` jumping on a when it holds to where c goes when it does
  // not; a folded true constant has only the one place.)
  bool near_negated = false;
  if (near_jump >= 0) {
    if (!same_place(second.true_target, first_true)) return give_up();
  } else if (!goes_there(second.true_target, first_true) || !goes_there(second.false_target, first_false)) {
    absorbed.clear();
    if (!goes_there(second.true_target, first_false) || !goes_there(second.false_target, first_true))
      return give_up();
    near_negated = true;
  }
  if (jump_block >= 0) visited_[graph_.blocks[jump_block].first] = 1;
  if (near_jump >= 0) visited_[near] = 1;
  for (int block : absorbed) visited_[graph_.blocks[block].first] = 1;
  // (The side laid out first is the body: `a if not b else c` tests b
  // the other way round.)
  const ast::ExprPtr test = near == chain.true_target ? chain.expr : negate_plainly(chain.expr);
  chain.expr = make::ifexp(test, near_negated ? negate_plainly(first.expr) : first.expr, second.expr);
  chain.true_target = second.true_target;
  chain.false_target = second.false_target;
  chain.next = second.next;
  chain_blocks.insert(chain_blocks.end(), first.blocks.begin(), first.blocks.end());
  if (jump_block >= 0) chain_blocks.push_back(jump_block);
  chain_blocks.insert(chain_blocks.end(), second.blocks.begin(), second.blocks.end());
  chain_blocks.insert(chain_blocks.end(), absorbed.begin(), absorbed.end());
  return true;
}

// 3.8/3.9: a near side that is a true constant, `if (2 if b else c):` or
// `not 0`, keeps no test (the peephole optimizer drops a constant's jump
// that is never taken): the near side is only its jump over the far side,
// on the test's line. Its block, or -1.
int FunctionDecompiler::folded_true_side(int near, int far, const std::vector<int>& chain_blocks) const {
  const int count = int(function_.instrs.size());
  if (near < 0 || near >= count || far < 0 || far >= count || function_.instrs[near].op != Op::Jump) return -1;
  if (function_.instrs[near].target <= far) return -1;
  const int block = block_at(near);
  const cfg::Block& b = graph_.blocks[block];
  if (b.first != near || b.last != near || b.predecessors.empty()) return -1;
  for (int p : b.predecessors)
    if (std::find(chain_blocks.begin(), chain_blocks.end(), p) == chain_blocks.end()) return -1;
  return block;
}

}  // namespace depyf::decompile
