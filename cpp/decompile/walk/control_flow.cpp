// Conditionals, boolean expressions and loops: where the CFG decides the
// shape of the source.
#include <algorithm>
#include <map>
#include <tuple>

#include "code/error.hpp"
#include "decompile/generated/discarded_join_constants.hpp"
#include "decompile/idioms/break_after_if.hpp"
#include "decompile/idioms/clause_break_follow.hpp"
#include "decompile/idioms/empty_branch_tests.hpp"
#include "decompile/idioms/threaded_break_continue.hpp"
#include "decompile/idioms/try_entry_operands.hpp"
#include "decompile/idioms/written_continue_jumps.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_conditional_jump;
using ir::Op;

namespace {


ast::ExprPtr and_(ast::ExprPtr a, ast::ExprPtr b) {
  std::vector<ast::ExprPtr> values;
  for (auto* part : {&a, &b}) {
    auto* op = ast::as<ast::BoolOp>(*part);
    if (op && op->op == ast::BoolOperator::And) values.insert(values.end(), op->values.begin(), op->values.end());
    else values.push_back(*part);
  }
  return make::boolop(ast::BoolOperator::And, std::move(values));
}

ast::ExprPtr or_(ast::ExprPtr a, ast::ExprPtr b) {
  std::vector<ast::ExprPtr> values;
  for (auto* part : {&a, &b}) {
    auto* op = ast::as<ast::BoolOp>(*part);
    if (op && op->op == ast::BoolOperator::Or) values.insert(values.end(), op->values.begin(), op->values.end());
    else values.push_back(*part);
  }
  return make::boolop(ast::BoolOperator::Or, std::move(values));
}

}  // namespace

ast::ExprPtr negate(ast::ExprPtr expr) {
  if (auto* unary = ast::as<ast::UnaryOp>(expr); unary && unary->op == ast::UnaryOperator::Not) return unary->operand;
  // Every version folds `not (a is b)` into `a is not b` (in, not in alike):
  // write the folded form.
  if (auto* compare = ast::as<ast::Compare>(expr); compare && compare->ops.size() == 1) {
    static constexpr std::pair<ast::CmpOp, ast::CmpOp> kInverse[] = {
        {ast::CmpOp::Is, ast::CmpOp::IsNot}, {ast::CmpOp::IsNot, ast::CmpOp::Is},
        {ast::CmpOp::In, ast::CmpOp::NotIn}, {ast::CmpOp::NotIn, ast::CmpOp::In}};
    for (const auto& [from, to] : kInverse)
      if (compare->ops[0] == from) return make::compare(compare->left, to, compare->comparators[0]);
  }
  return make::unaryop(ast::UnaryOperator::Not, std::move(expr));
}

bool is_true_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::Bool && constant->value->boolean;
}

// False or 0: the test failing_assert_test() writes.
bool is_false_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  if (constant == nullptr) return false;
  const Constant& value = *constant->value;
  return (value.kind == Constant::Kind::Bool && !value.boolean) ||
         (value.kind == Constant::Kind::Int && value.text == "0");
}

bool is_none_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::None;
}

bool returns_none(const ast::StmtPtr& stmt) {
  auto* ret = ast::as<ast::Return>(stmt);
  return ret && (!ret->value || is_none_constant(ret->value));
}

bool FunctionDecompiler::inside(int instr, const Region& region) const {
  if (instr < 0 || instr >= int(function_.instrs.size())) return false;
  if (!within_protection(instr, region.protection)) return false;
  const int block = block_at(instr);
  if (region.entry_block >= 0 && !graph_.dominates(region.entry_block, block)) return false;
  if (region.loop && region.loop->header_block >= 0) {
    if (const cfg::Loop* loop = natural_loop_of(*region.loop)) return loop->contains[block];
  }
  return true;
}

// Where branches inside a try body may meet: code that the protected code
// alone goes on to (the end of the body, or a `return` both branches end
// in). The walk stops there, leaving the protection.
bool FunctionDecompiler::leaves_protection_at(int instr, const Region& region) const {
  if (region.protection < 0 || instr < 0 || instr >= int(function_.instrs.size()) ||
      within_protection(instr, region.protection) || visited_[instr])
    return false;
  const cfg::Block& block = graph_.blocks[block_at(instr)];
  // (The except clauses may go on there too: they are not normal flow.)
  std::vector<char> local;
  const std::vector<char>& reachable =
      normally_reachable_from(region.entry_block >= 0 ? graph_.blocks[region.entry_block].first : instr, local);
  const bool entered_from_protection =
      block.first == instr && std::all_of(block.predecessors.begin(), block.predecessors.end(), [&](int pred) {
        return !reachable[pred] || within_protection(graph_.blocks[pred].last, region.protection) ||
               (lone_jump_out_of(graph_.blocks[pred].first, region.protection) &&
                function_.instrs[graph_.blocks[pred].last].target == instr);
      });
  Region unprotected = region;
  unprotected.protection = function_.instrs[instr].handler;
  return entered_from_protection && inside(instr, unprotected);
}

// Where a forward jump inside a loop body may go: inside the region, or to
// body code with no normal path back to the header (a try body that ends
// in break), which the header dominates and the loop's exits do not.
bool FunctionDecompiler::inside_loop_body(int instr, const Region& region) const {
  if (inside(instr, region)) return true;
  if (region.loop == nullptr || region.loop->header_block < 0 || instr < 0 || instr >= int(function_.instrs.size()) ||
      !within_protection(instr, region.protection))
    return false;
  const int block = block_at(instr);
  if (region.entry_block >= 0 && !graph_.dominates(region.entry_block, block)) return false;
  // (Not where a break threaded on to the header of a loop around this
  // one goes: that header dominates the whole of this loop.)
  auto after = [&](int target) {
    return target >= 0 && target < int(function_.instrs.size()) && graph_.dominates(block_at(target), block) &&
           !graph_.dominates(block_at(target), region.loop->header_block);
  };
  return graph_.dominates(region.loop->header_block, block) && !after(region.loop->follow) &&
         !after(region.loop->exit);
}

// Whether `at` starts a block that is one unconditional jump (to `target`,
// unless that is -1).
bool FunctionDecompiler::is_lone_jump(int at, int target) const {
  if (at < 0 || at >= int(function_.instrs.size()) || function_.instrs[at].op != Op::Jump) return false;
  const cfg::Block& block = graph_.blocks[block_at(at)];
  return block.first == at && block.last == at && (target < 0 || function_.instrs[at].target == target);
}

// Whether `target` is the while test that 3.10+ repeat at the end of a
// loop's body: a written `continue` jumps to the test at the top instead,
// so a jump there is code running off the body's end.
bool FunctionDecompiler::is_repeated_loop_test(const LoopContext& loop, int target) const {
  return code_.version.minor >= 10 && loop.header_block >= 0 && target == loop.continue_target &&
         loop.top_test != target && target > graph_.blocks[loop.header_block].first;
}

// Whether the branch the condition falls into gets to the jump target
// `post` (its post-dominator) only around the loop the region is in: in a
// loop whose exits all lie in the jumped-to branch (`while True: if a: x
// elif b: return`), that branch's head post-dominates the condition
// without being where the branches meet.
bool FunctionDecompiler::post_only_around_loop(const Condition& condition, int post, const Region& region) const {
  if (!region.loop || graph_.blocks[post].first == condition.next || condition.next < 0 ||
      condition.next >= int(function_.instrs.size()))
    return false;
  const int header = region.loop->header_block;
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{block_at(condition.next)};
  bool reaches_header = false;
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (block == post) return false;
    if (block == header) reaches_header = true;
    if (seen[block] || block == header) continue;
    seen[block] = 1;
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
  }
  return reaches_header;  // (a branch that only raises meets nothing)
}

// Where the two sides of a branch starting in `first_block` meet again, as
// an instruction index inside the region; the region's own stop when they
// only meet outside it; -1 when they never meet (both leave the function).
int FunctionDecompiler::join_of(const Condition& condition, const Region& region) const {
  const std::vector<int>& condition_blocks = condition.blocks;
  const int first_block = condition.first_block;
  int post = graph_.ipdom[first_block];
  // `if a or b: raise` makes b's block post-dominate a's (the raise is a
  // dead end): the join lies past the condition's own blocks.
  for (int guard = 0; post >= 0 && guard < int(graph_.blocks.size()) &&
                      std::find(condition_blocks.begin(), condition_blocks.end(), post) != condition_blocks.end();
       ++guard)
    post = graph_.ipdom[post];
  // ... unless that is the code the condition falls into (`if a and b:
  // return x` before a raise): an empty then-branch is never compiled that
  // way, so the branches only meet where raising counts as leaving too.
  if (post >= 0 && graph_.blocks[post].first == condition.next) {
    post = graph_.ipdom_any_exit[first_block];
    // (That tree leaves out the code that never ends but through an
    // exception handler, `while 1: try: ... except E: break`: a branch
    // running on into it never reaches the other branch's raise.)
    if (post >= 0 && !reachable_without_exceptions(block_at(condition.next))[post]) post = -1;
    // (Still the code the condition falls into: the other branch is an
    // endless loop left only through an except clause that returns, a
    // dead end in both trees. The branches meet nowhere. Not `if c: pass`,
    // whose test jumps to the code it falls into.)
    if (post >= 0 && graph_.blocks[post].first == condition.next && condition.true_target != condition.false_target)
      post = -1;
  }
  // ... or the code the condition jumps to, when the code it falls into
  // never gets there but runs on out of its own code (`if a: x = 1` +
  // `elif b: x = 2` + `else: return` before a raise: the raise is a dead
  // end, so the elif's test seems to be where the first branch goes on).
  // Again the branches meet only where raising counts as leaving too, or
  // where the code each branch head dominates flows on to. (Not `if a:
  // raise` + more code: that raise is the branch's own, the code jumped to
  // is the join.)
  const int jumped_to = condition.true_target == condition.next ? condition.false_target : condition.true_target;
  if (post >= 0 && graph_.blocks[post].first == jumped_to && condition.next != jumped_to && condition.next >= 0 &&
      condition.next < int(function_.instrs.size())) {
    const int head = block_at(condition.next);
    const std::vector<char> from_next = reachable_without_exceptions(head);
    bool runs_on = false;
    for (int b = 0; b < int(from_next.size()); ++b)
      if (from_next[b] && !graph_.dominates(head, b)) runs_on = true;
    if (!from_next[post] && runs_on) {
      post = graph_.ipdom_any_exit[first_block];
      if (post >= 0 && graph_.blocks[post].first == jumped_to) post = -1;
    }
  }
  // (A condition in loop body code that never gets back to the header,
  // such as code before a break that became a return, lies outside the
  // natural loop, and so do the places its branches meet.)
  const cfg::Loop* natural_loop = region.loop ? natural_loop_of(*region.loop) : nullptr;
  const bool condition_leaves_loop = natural_loop && !natural_loop->contains[first_block];
  auto usable = [&](int block) {
    const int instr = graph_.blocks[block].first;
    if (instr == region.stop) return true;
    if (region.loop && (region.loop->continues_at(instr) || instr == region.loop->follow)) return false;
    // (Not at the header of a loop of its own: an endless loop there is
    // what the branch runs on into. Nor at a branch that is only a raise:
    // the branches of an endless loop and a raise never meet.)
    if (condition_leaves_loop && !graph_.loop_headed_by(block)) {
      const Op last = function_.instrs[graph_.blocks[block].last].op;
      const bool branch_head = instr == condition.true_target || instr == condition.false_target;
      // (Unless the other branch runs on into that raise: `if c: X` +
      // `raise` in an except clause, the raise shared.)
      const int other = instr == condition.true_target ? condition.false_target : condition.true_target;
      const bool shared = branch_head && other >= 0 && other < int(function_.instrs.size()) &&
                          reachable_without_exceptions(block_at(other))[block];
      return !(branch_head && !shared && (last == Op::RaiseVarargs || last == Op::Reraise)) &&
             inside_loop_body(instr, region);
    }
    return inside(instr, region) || leaves_protection_at(instr, region);
  };
  // In a loop body the header post-dominates every branch that can
  // `continue`; the branches may still meet earlier (`if a: if b: x else:
  // continue` followed by more body code).
  const bool post_is_continue =
      post >= 0 && region.loop && graph_.blocks[post].first == region.stop && region.loop->continues_at(region.stop);
  if (post >= 0 && usable(post) && !post_is_continue && !post_only_around_loop(condition, post, region))
    return graph_.blocks[post].first;
  // (3.12+: a `break` after the if whose jump was dropped, both branches
  // running on to the code after the loop: break_after_if.hpp.)
  if (post >= 0 && region.loop && graph_.blocks[post].first == region.loop->follow &&
      break_after_if(code_.version.minor, function_, graph_.blocks[first_block].first, condition.next,
                     condition.true_target, condition.false_target, region.loop->follow))
    return region.loop->follow;
  // A branch that returns part of the way (`if a: if b: return x` with an
  // else) leaves no post-dominator: the branches meet where the code each
  // branch head dominates flows on to, when that is one place.
  const int count = int(function_.instrs.size());
  if (condition.true_target < 0 || condition.true_target >= count || condition.false_target < 0 ||
      condition.false_target >= count)
    return region.stop;
  std::vector<int> meeting;
  for (int head : {block_at(condition.true_target), block_at(condition.false_target)}) {
    std::vector<int> work{head};
    std::vector<char> seen(graph_.blocks.size(), 0);
    while (!work.empty()) {
      const int block = work.back();
      work.pop_back();
      if (seen[block]) continue;
      seen[block] = 1;
      // (The region ends there: no meeting place lies beyond.)
      if (block != head && graph_.blocks[block].first == region.stop) continue;
      // (An except clause of a try inside the branch, whose body returns,
      // is how that branch goes on.)
      std::vector<int> next = graph_.blocks[block].successors;
      if (const int handler = graph_.blocks[block].handler_block; handler >= 0 && graph_.dominates(head, handler))
        next.push_back(handler);
      for (int succ : next) {
        if (succ == head) continue;  // a loop back to the branch's own head
        if (graph_.dominates(head, succ)) {
          work.push_back(succ);
        } else if (std::find(meeting.begin(), meeting.end(), succ) == meeting.end()) {
          meeting.push_back(succ);
        }
      }
    }
  }
  meeting.erase(std::remove_if(meeting.begin(), meeting.end(),
                               [&](int block) {
                                 const int instr = graph_.blocks[block].first;
                                 // (a jump back to a loop's header is no join)
                                 return instr == region.stop || instr < condition.next ||
                                        (region.loop && (region.loop->continues_at(instr) ||
                                                         instr == region.loop->follow));
                               }),
                meeting.end());
  // (In a loop body, the branches may meet in body code that never gets
  // back to the header, which is outside the natural loop: `if a: x = 1`
  // + `elif b: continue` + code that returns.)
  auto body_code_after = [&](int block) {
    return region.loop && !condition_leaves_loop && !graph_.loop_headed_by(block) &&
           inside_loop_body(graph_.blocks[block].first, region);
  };
  if (meeting.size() == 1 && (usable(meeting[0]) || body_code_after(meeting[0]))) {
    const int instr = graph_.blocks[meeting[0]].first;
    // (A lone jump back to the header is the end of the loop body.)
    if (post_is_continue && resolve_jumps(instr) == region.stop) return region.stop;
    return instr;
  }
  // `if c: A else: raise` + B: the raising branch is a dead end, so the
  // code after the if is dominated by the other branch and nothing is met.
  // The other branch, laid out first, jumps over the dead end to where the
  // if statement ends. (So does `elif d: raise` + `else: return x`: the
  // later branch leaves without ever getting to B. Had B belonged to the
  // first branch, it would have been laid out there, before the other.
  // Not when the later branch leaves the protected code on the way: 3.10
  // copy the end of a try, finally body and implicit return, into each
  // branch, and the jump goes to the first branch's own copy.)
  auto leaves_in_place_before = [&](int from, int target) {
    const std::vector<char> reached = reachable_without_exceptions(from);
    if (reached[target]) return false;
    for (int b = 0; b < int(reached.size()); ++b)
      if (reached[b] && graph_.blocks[b].handler_block != graph_.blocks[from].handler_block) return false;
    return true;
  };
  if (const int late = std::max(condition.true_target, condition.false_target),
      early = std::min(condition.true_target, condition.false_target);
      late > early && late - 1 >= early) {
    const ir::Instr& over = function_.instrs[late - 1];
    if (over.op == Op::Jump && over.target > late && over.target < int(function_.instrs.size()) &&
        (graph_.ipdom[block_at(late)] < 0 || leaves_in_place_before(block_at(late), block_at(over.target))) &&
        graph_.blocks[block_at(late - 1)].reachable && graph_.dominates(block_at(early), block_at(late - 1)) &&
        usable(block_at(over.target)) && graph_.blocks[block_at(over.target)].first == over.target)
      return over.target;
  }
  // ≤3.9 end the code with one shared `return None` that every path
  // falling off the end jumps to: where one branch goes there and the
  // other leaves (`if c: ... else: raise`), the source had it after the if.
  if (const int tail = count - 2; code_.version.minor <= 9 && kind_ != CodeKind::Lambda && returns_none_at(tail) &&
                                   tail >= condition.next && graph_.blocks[block_at(tail)].first == tail &&
                                   graph_.blocks[block_at(tail)].reachable && usable(block_at(tail)))
    return tail;
  return region.stop;
}

// Whether `block` belongs to the body of `loop`, also through exception
// edges: the natural loop follows normal edges only, so a try body that
// gets back to the header only through its except clause (`while c: try:
// <no normal exit> except E: ...`) is not in it, yet is loop body.
bool FunctionDecompiler::leads_back_into(const cfg::Loop& loop, int block) const {
  if (loop.contains[block]) return true;
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{block};
  while (!work.empty()) {
    const int b = work.back();
    work.pop_back();
    if (b == loop.header || seen[b]) continue;
    seen[b] = 1;
    if (loop.contains[b]) return true;
    for (int s : graph_.blocks[b].successors) work.push_back(s);
    if (graph_.blocks[b].handler_block >= 0) work.push_back(graph_.blocks[b].handler_block);
  }
  return false;
}

// A block that only computes another operand of a condition: no
// statements, no net stack change other than the tested value, ending in a
// conditional jump.
bool FunctionDecompiler::is_pure_condition_block(int block, const Stack& stack, bool allow_loop_header,
                                                 bool allow_chain_start) const {
  const cfg::Block& b = graph_.blocks[block];
  if (!is_conditional_jump(function_.instrs[b.last].op)) return false;
  if (!allow_loop_header && graph_.loop_headed_by(block)) return false;
  Stack scratch = stack;
  ast::Body statements;
  // A dry run: simulate on copies, then forget what it marked as visited.
  auto* self = const_cast<FunctionDecompiler*>(this);
  const std::vector<char> visited_before(visited_.begin() + b.first, visited_.begin() + b.last + 1);
  const auto globals_before = globals_.size();
  const auto nonlocals_before = nonlocals_.size();
  bool pure = true;
  try {
    for (int i = b.first; i < b.last && pure; ++i) {
      const Op op = function_.instrs[i].op;
      if (op == Op::JumpIfFalseOrPop || op == Op::JumpIfTrueOrPop || op == Op::Jump || op == Op::ForIter) pure = false;
      else self->simulate(i, scratch, statements);
    }
  } catch (const Error&) {
    pure = false;
  }
  std::copy(visited_before.begin(), visited_before.end(), self->visited_.begin() + b.first);
  self->globals_.resize(globals_before);
  self->nonlocals_.resize(nonlocals_before);
  if (!pure || !statements.empty()) return false;
  if (scratch.size() == stack.size() + 1) return true;
  // A loop test, or an operand of and/or, may be a chained comparison
  // (`while a < b < c:`), whose first jump leaves the shared operand below
  // the tested value.
  return (allow_loop_header || allow_chain_start) && scratch.size() == stack.size() + 2 &&
         is_chain_link(b.last, scratch.back().expr, Stack(scratch.begin(), scratch.end() - 1));
}

Condition FunctionDecompiler::trial_condition(int first, int jump, Stack& stack) {
  try {
    for (int i = first; i < jump; ++i) {
      ast::Body none;
      simulate(i, stack, none);
    }
    return read_condition(jump, stack);
  } catch (const Error&) {
    return Condition{};
  }
}

Condition FunctionDecompiler::read_condition(int index, Stack& stack) {
  auto one_jump = [&](int at, Stack& s) {
    const ir::Instr& jump = function_.instrs[at];
    visited_[at] = 1;
    Condition c;
    ast::ExprPtr tested = pop_expr(s, at);
    c.next = at + 1;
    switch (jump.op) {
      case Op::PopJumpIfFalse:
        c.expr = tested;
        c.true_target = at + 1;
        c.false_target = jump.target;
        break;
      case Op::PopJumpIfTrue:
        // (Onto the next instruction: `not tested` ending the condition of
        // an empty branch, empty_branch_tests.hpp.)
        if (negated_test_over_empty_branch(function_, at)) {
          c.expr = negate_plainly(tested);
          c.true_target = at + 1;
          c.false_target = jump.target;
          break;
        }
        c.expr = tested;
        c.true_target = jump.target;
        c.false_target = at + 1;
        break;
      case Op::PopJumpIfNone:
        c.expr = make::compare(tested, ast::CmpOp::IsNot, make::none());
        c.true_target = at + 1;
        c.false_target = jump.target;
        break;
      default:  // PopJumpIfNotNone
        c.expr = make::compare(tested, ast::CmpOp::Is, make::none());
        c.true_target = at + 1;
        c.false_target = jump.target;
        break;
    }
    return c;
  };
  std::vector<int> chain_blocks;
  const bool chained = function_.instrs[index].op == Op::PopJumpIfFalse && !stack.empty() &&
                       is_chain_link(index, stack.back().expr, Stack(stack.begin(), stack.end() - 1));
  Condition chain = chained ? read_chained_condition(index, stack, chain_blocks) : one_jump(index, stack);
  chain.first_block = block_at(index);
  if (!chained) chain_blocks.push_back(chain.first_block);
  if (!chained) extend_to_ternary_condition(chain, chain_blocks, stack);
  // A conditional expression whose test is an and/or or a chained
  // comparison, `if (b if g and h else a):`, is tried once that test is
  // read whole (ternary_conditions.cpp).
  std::size_t blocks_tried = chained ? 0 : chain_blocks.size();
  auto extend_again = [&] {
    if (chain_blocks.size() <= blocks_tried) return false;
    blocks_tried = chain_blocks.size();
    return extend_to_ternary_condition(chain, chain_blocks, stack);
  };
  do {
    while (chain.next < int(function_.instrs.size())) {
      const int block = block_at(chain.next);
      const cfg::Block& b = graph_.blocks[block];
      if (b.first != chain.next) break;
      const bool preds_in_chain = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
        return std::find(chain_blocks.begin(), chain_blocks.end(), p) != chain_blocks.end();
      });
      if (!preds_in_chain) break;
      // (A test under another handler starts a try body, `if a: try: if b:`:
      // joined into one condition, b would leave the try.)
      if (b.handler_block != graph_.blocks[chain.first_block].handler_block) break;
      // (A test that starts a try body is a statement of its own.)
      if (enters_try_body(function_, graph_, chain.first_block, block)) break;
      // (An operand that is a chained comparison is read whole, below.)
      const bool pure = is_pure_condition_block(block, stack);
      const bool chain_operand = !pure && is_pure_condition_block(block, stack, false, /*allow_chain_start=*/true);
      if (!pure && !chain_operand) break;
      if (starts_inverted_while_test(b.first, index)) break;
      // Peek at the next jump's exits before committing.
      const ir::Instr& last = function_.instrs[b.last];
      int t2, f2;
      if (last.op == Op::PopJumpIfTrue) {
        t2 = last.target;
        f2 = b.last + 1;
      } else {
        t2 = b.last + 1;
        f2 = last.target;
      }
      // ≤3.9 thread a conditional jump to a `continue` straight to the loop's
      // header (`if c or d: continue`: c jumps to the header, d's branch is
      // the continue's jump): where d goes to that jump, so does c.
      unthread_continue_target(chain.true_target, b.last, t2, f2);
      unthread_continue_target(chain.false_target, b.last, t2, f2);
      // A loop's test is not an operand of a condition in its body that jumps
      // back to it (≤3.9 `while a: if c: return None` at the end of a function:
      // c's false jump goes back to the header, its true branch is a copy of
      // the exit, so `not a or c` looked like one condition): unless the
      // chain already goes there (`if a or b: continue`, threaded).
      if (const int start = graph_.blocks[chain.first_block].first;
          graph_.loop_headed_by(chain.first_block) != nullptr && (t2 == start || f2 == start) &&
          chain.true_target != start && chain.false_target != start)
        break;
      int kind = 0;
      // (Targets may be copies of one exit block: same_exit.)
      if (!chain_operand) {  // (a chained comparison is read whole below)
        if (chain.true_target == chain.next && same_exit(chain.false_target, f2))
          kind = 1;  // c and d
        else if (chain.true_target == chain.next && same_exit(chain.false_target, t2))
          kind = 2;  // not c or d
        else if (chain.false_target == chain.next && same_exit(chain.true_target, t2))
          kind = 3;  // c or d
        else if (chain.false_target == chain.next && same_exit(chain.true_target, f2))
          kind = 4;  // c or not d
      }
      Condition d;
      if (kind == 0) {
        // A right-nested group, `c or (d and e)`: read the whole condition
        // that starts here, then see whether it combines with the chain.
        Stack trial = stack;
        const std::vector<char> visited_before = visited_;
        const auto globals_before = globals_.size();
        d = trial_condition(b.first, b.last, trial);
        if (d.expr) {
          if (chain.true_target == chain.next && same_exit(chain.false_target, d.false_target)) kind = 1;
          else if (chain.true_target == chain.next && same_exit(chain.false_target, d.true_target)) kind = 2;
          else if (chain.false_target == chain.next && same_exit(chain.true_target, d.true_target)) kind = 3;
          else if (chain.false_target == chain.next && same_exit(chain.true_target, d.false_target)) kind = 4;
        }
        if (kind == 0) {
          visited_ = visited_before;
          globals_.resize(globals_before);
          break;
        }
        stack = trial;
        chain_blocks.insert(chain_blocks.end(), d.blocks.begin(), d.blocks.end());
      } else {
        for (int i = b.first; i < b.last; ++i) {
          ast::Body none;
          simulate(i, stack, none);
        }
        d = one_jump(b.last, stack);
      }
      switch (kind) {
        case 1:
          chain.expr = and_(chain.expr, d.expr);
          chain.true_target = d.true_target;
          break;
        case 2:
          chain.expr = or_(negate_plainly(chain.expr), d.expr);
          chain.true_target = chain.false_target;
          chain.false_target = d.false_target;
          break;
        case 3:
          chain.expr = or_(chain.expr, d.expr);
          chain.false_target = d.false_target;
          // (3.12+ give the operand that falls into the exit the chain jumps
          // to its own copy of it: that copy is where the condition goes.)
          if (d.true_target == d.next && chain.true_target != d.true_target) {
            const int n = returns_none_at(chain.true_target) ? 2 : exit_copy_length(chain.true_target, d.true_target);
            for (int k = 0; k < n; ++k) visited_[chain.true_target + k] = 1;
            chain.true_target = d.true_target;
          }
          break;
        case 4:
          chain.expr = or_(chain.expr, negate_plainly(d.expr));
          chain.false_target = d.true_target;
          break;
      }
      chain.next = d.next;
      chain_blocks.push_back(block);
    }
  } while (extend_again());
  chain.blocks = chain_blocks;
  return chain;
}

// (Only a `continue` of the innermost loop around the condition: a jump
// there from a nested loop is that loop's break, its follow threaded.)
void FunctionDecompiler::unthread_continue_target(int& target, int condition, int t2, int f2) const {
  if (code_.version.minor > 9 || target < 0 || target >= int(function_.instrs.size()) ||
      graph_.blocks[block_at(target)].first != target)
    return;
  auto innermost_header = [&](int at) {
    int header = -1;
    for (const cfg::Loop& loop : graph_.loops)
      if (loop.contains[block_at(at)]) header = loop.header;
    return header;
  };
  if (innermost_header(condition) != block_at(target)) return;
  for (const int other : {t2, f2})
    if (is_lone_jump(other) && function_.instrs[other].op == Op::Jump && function_.instrs[other].target == target &&
        innermost_header(other) == block_at(target)) {
      target = other;
      return;
    }
}

int FunctionDecompiler::decompile_value_bool(int index, const Region& region, Stack& stack) {
  const ir::Instr& jump = function_.instrs[index];
  visited_[index] = 1;
  ast::ExprPtr left;
  int resume = index + 1;
  bool is_and = true;
  if (jump.op == Op::JumpIfFalseOrPop || jump.op == Op::JumpIfTrueOrPop) {
    left = pop_expr(stack, index);
    is_and = jump.op == Op::JumpIfFalseOrPop;
  } else {
    // 3.12+: COPY 1; POP_JUMP_IF_x end; POP_TOP; <right>; end:
    pop(stack, index);
    left = pop_expr(stack, index);
    is_and = jump.op == Op::PopJumpIfFalse;
    if (resume < int(function_.instrs.size()) && function_.instrs[resume].op == Op::PopTop) visited_[resume++] = 1;
  }
  if (is_and && is_chain_link(index, left, stack)) return decompile_chained_value(index, resume, left, stack);
  const int end = jump.target;
  Stack right_stack = stack;
  ast::Body statements;
  walk_region(resume, region.sub(end, block_at(resume), region.loop), right_stack, statements);
  // `return a or (b < c < d)`: the chain's true path runs its own
  // copy of the RETURN_VALUE at the end; its value is the operand's.
  if (statements.size() == 1 && right_stack.size() == stack.size() && end < int(function_.instrs.size()) &&
      function_.instrs[end].op == Op::ReturnValue) {
    if (auto* ret = ast::as<ast::Return>(statements[0]); ret && ret->value) {
      right_stack.push_back(Value::of(ret->value));
      statements.clear();
    }
  }
  if (!statements.empty() || right_stack.size() != stack.size() + 1) {
    fail(index, "short-circuit operand with side statements");
  }
  ast::ExprPtr right = expr_of(right_stack.back(), index);
  stack.push_back(Value::of(is_and ? and_(left, right) : or_(left, right)));
  return end;
}

// `raise AssertionError(msg)` (or without msg) whose AssertionError is
// LOAD_ASSERTION_ERROR's: the raise of an assert. Fills `message`.
bool FunctionDecompiler::raises_assertion_error(const ast::Raise& raise, ast::ExprPtr& message) const {
  if (raise.cause || !raise.exc) return false;
  const ast::Expr* error = raise.exc.get();
  message = nullptr;
  if (auto* call = ast::as<ast::Call>(raise.exc); call && call->args.size() == 1 && call->keywords.empty()) {
    error = call->func.get();
    message = call->args[0];
  }
  return holds(assertion_errors_, error);
}

// `if not c: raise AssertionError(msg)` with the AssertionError of
// LOAD_ASSERTION_ERROR is `assert c, msg`; so is such a raise on its own,
// read as `assert False, msg`.
ast::StmtPtr FunctionDecompiler::as_assert(const ast::ExprPtr& guard, const ast::Body& then_body) const {
  if (then_body.size() != 1) return nullptr;
  if (auto* folded = ast::as<ast::Assert>(then_body[0]); folded && is_false_constant(folded->test))
    return assert_statement(guard, folded->msg);
  auto* raise = ast::as<ast::Raise>(then_body[0]);
  ast::ExprPtr message;
  if (raise == nullptr || !raises_assertion_error(*raise, message)) return nullptr;
  return assert_statement(guard, message);
}

// `[POP_BLOCK...] LOAD_CONST None; RETURN_VALUE` at `at` (a copy of the
// implicit return where a try body is left): its length, or 0.
int FunctionDecompiler::implicit_return_tail_length(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  int i = at;
  while (i < count && instrs[i].op == Op::PopBlock) ++i;
  return returns_none_at(i) ? i + 2 - at : 0;
}

int FunctionDecompiler::decompile_conditional(int index, const Region& region, Stack& stack, ast::Body& out) {
  // 3.12+ value-producing and/or: the tested value is a copy of the one below.
  if (stack.size() >= 2 && stack.back().copy_token && stack.back().copy_token == stack[stack.size() - 2].copy_token &&
      (function_.instrs[index].op == Op::PopJumpIfFalse || function_.instrs[index].op == Op::PopJumpIfTrue) &&
      index + 1 < int(function_.instrs.size()) && function_.instrs[index + 1].op == Op::PopTop) {
    return decompile_value_bool(index, region, stack);
  }
  const std::size_t depth = stack.size() - 1;
  Condition condition = read_condition(index, stack);
  if (int end = try_and_or_value(condition, region, stack); end != -2) return end;
  const bool then_is_true = condition.true_target == condition.next;
  ast::ExprPtr test = condition_form(condition.expr, !then_is_true);
  // (The condition as read, before its spelling folds any compare: what
  // an assert is written from.)
  ast::ExprPtr guard = then_is_true ? condition.expr : negate_plainly(condition.expr);
  const int then_start = condition.next;
  const int else_start = then_is_true ? condition.false_target : condition.true_target;
  if (int follow = try_inverted_while(test, then_start, else_start, region, stack, out, index); follow != -2)
    return follow;
  if (int follow = try_inverted_while_left_to_outer_loop(condition_form(condition.expr, then_is_true), then_start,
                                                         else_start, region, stack, out, index);
      follow != -2)
    return follow;
  if (int next = try_value_before_inlined_exit(test, then_start, else_start, stack, index); next != -2) return next;
  int join = join_of(condition, region);
  // ≤3.9 keep the jump over the else clause after a branch that ends in a
  // raise (only a return's is dropped), or in a compound statement whose
  // end was a jump target: dead, it still says that there was an else
  // clause, and where it ends (dead_else_markers.cpp).
  bool dead_jump_over_else = false;
  const int dead_target = dead_jump_over_else_target(then_start, else_start);
  if (dead_target > else_start) {
    dead_jump_over_else = true;
    // (In a loop body also code that never gets back to the header, such
    // as the statements before a break that the if ran on into.)
    if (dead_target == region.stop || inside_loop_body(dead_target, region)) {
      join = dead_target;
    } else if (join == else_start) {
      // (Threaded on past the region's end: the else clause runs to that
      // end; to the function's unreachable `return None`: to there.)
      if (region.stop > else_start)
        join = region.stop;
      else if (region.stop < 0)
        join = dead_target;
    }
  } else if (dead_target >= 0 && region.loop && region.loop->continues_at(dead_target)) {
    // (Threaded to the loop's header: the if ended the loop's body.)
    dead_jump_over_else = true;
    if ((join == else_start || join < 0) && region.stop >= 0 &&
        (region.stop > else_start || region.loop->continues_at(region.stop)))
      join = region.stop;
  }
  // ... and after one that ends in a break or continue (the jump of the
  // statement, then the dead one over the else clause, which the peephole
  // optimizer may have pointed at the loop's header).
  if (code_.version.minor <= 9 && region.loop && then_start < else_start && else_start >= 2 &&
      then_start <= else_start - 2) {
    const ir::Instr& dead = function_.instrs[else_start - 1];
    const ir::Instr& loop_jump = function_.instrs[else_start - 2];
    if (dead.op == Op::Jump && !graph_.blocks[block_at(else_start - 1)].reachable && loop_jump.op == Op::Jump &&
        graph_.blocks[block_at(else_start - 2)].reachable &&
        (region.loop->continues_at(loop_jump.target) || loop_jump.target == region.loop->follow))
      dead_jump_over_else = true;
  }
  // ≤3.9 `if c: X else: continue` (`break`): the test's jump was threaded
  // through the lone jump of the else clause, left dead after X's jump
  // over it, which goes to the end of the if (dead_else_markers.cpp).
  int threaded_else_jump = -1;
  if (const int over = threaded_loop_jump_else(then_start, else_start, region); over >= 0) {
    threaded_else_jump = over + 1;
    dead_jump_over_else = true;
    const int end = function_.instrs[over].target;
    if (end > threaded_else_jump && (end == region.stop || inside(end, region))) join = end;
  }

  // ≤3.9: a test jumping straight back to the header, where the code it
  // skips runs on to the loop's latch, was threaded through that latch:
  // the if ends there, and has no else clause (unthreaded_continues.cpp).
  // (Not a first branch that is a lone jump: a break or continue of its
  // own, whose test reads the other way round.)
  if (threaded_else_jump < 0 && !dead_jump_over_else && join == then_start && region.loop &&
      region.loop->continues_at(else_start) && region.stop > then_start &&
      function_.instrs[then_start].op != Op::Jump && threaded_through_latch(-1, region.stop, region))
    join = region.stop;

  // 3.12+ have no backward conditional jumps: `if c: <leaves>` ending a
  // loop body jumps over a lone JUMP_BACKWARD when c holds. (Inside a try
  // body that jump, added late, is left out of the exception table, while
  // a written `continue` is protected like the test before it: there the
  // table tells the two apart whichever way round the test reads.) Falling into
  // that jump is the end of the body, not a written `continue`.
  // `if c: continue` (falling into the jump when c holds) compiles to the
  // same jumps, so the written continue is kept where the test reads that
  // way round: an `if` form would need c negated, which is not always
  // exact (`not (a in b)` folds to `a not in b`).
  // (In an except clause or a generator, whose cleanup or wrapper handler
  // covers a written `continue`, the table itself tells: the test is in
  // it, the late jump is not; 3.13 leave the reversed `is None` jump out
  // too. Not in a 3.12+ inlined comprehension, whose conditions are no
  // statements.)
  auto late_latch_jump = [&](int jump) {
    const auto& instrs = function_.instrs;
    return jump >= 2 && !instrs[jump].in_exception_table &&
           (instrs[jump - 1].in_exception_table || instrs[jump - 2].in_exception_table) &&
           ir::is_conditional_jump(instrs[jump - 1].op) && instrs[jump - 1].target == jump + 1;
  };
  // (Where no try body is walked, a jump in the table along with its test,
  // under a generator's wrapper or an except clause's cleanup, was written;
  // not in an inlined comprehension, whose conditions are no statements.)
  auto written_latch_jump = [&](int jump) {
    const auto& instrs = function_.instrs;
    return jump >= 1 && instrs[jump].in_exception_table && instrs[jump - 1].in_exception_table &&
           ir::is_conditional_jump(instrs[jump - 1].op) && instrs[jump - 1].target == jump + 1;
  };
  // (A jump the body's end adds has no line of its own, and 3.12+ copy
  // such a jump into each block that reaches it: one reached from several
  // tests of the condition, as the only way in, carries its own line, a
  // written `if not a or not b: continue`.)
  auto shared_written_jump = [&](int jump) {
    const auto& predecessors = graph_.blocks[block_at(jump)].predecessors;
    return graph_.blocks[block_at(jump)].first == jump && predecessors.size() >= 2 &&
           only_from_condition(block_at(jump), condition);
  };
  const bool jumps_over_latch =
      code_.version.minor >= 12 && region.loop && join == region.stop && region.stop == region.loop->continue_target &&
      then_start + 1 == else_start && then_start < int(function_.instrs.size()) &&
      function_.instrs[then_start].op == Op::Jump &&
      function_.instrs[then_start].target == region.loop->continue_target && !shared_written_jump(then_start) &&
      !continue_with_line_of_its_own(function_, then_start) &&
      (then_is_true ? (region.protection >= 0 && !within_protection(then_start, region.protection)) ||
                          (late_latch_jump(then_start) &&
                           std::none_of(
                               stack.begin(), stack.end(), [](const Value& v) { return v.accumulator; }))
                    : region.protection >= 0 ? !within_protection(then_start, region.protection)
                                             : !written_latch_jump(then_start) ||
                                                   std::any_of(stack.begin(), stack.end(),
                                                               [](const Value& v) { return v.accumulator; }));
  int stopped = -1;  // where the last branch walked left the protected region
  auto branch = [&](int start, Stack& branch_stack, ast::Body& body) -> bool {
    if (threaded_else_jump >= 0 && start == else_start) {
      emit(body, else_start == region.loop->follow ? ast::StmtPtr(make::break_()) : ast::StmtPtr(make::continue_()),
           threaded_else_jump);
      return false;
    }
    if (start == join) return true;
    if (jumps_over_latch && start == then_start) {
      visited_[start] = 1;
      return true;
    }
    // ≤3.9: the loop body's own last jump back to the header (right before
    // the loop's exit), which a branch reaches when the if/else chains
    // around it ended the body, is the body's end: the jump of a written
    // `continue` there would come before it.
    if (code_.version.minor <= 9 && region.loop && join == region.loop->continue_target &&
        (start + 1 == region.loop->exit || start + 1 == region.loop->follow) &&
        is_lone_jump(start, region.loop->continue_target)) {
      visited_[start] = 1;
      return true;
    }
    // A jump of its own (reached from the condition only) to the loop's
    // continue target or exit is a written `continue` / `break`, not the
    // natural end of the body.
    if (region.loop && start < int(function_.instrs.size()) && function_.instrs[start].op == Op::Jump &&
        graph_.blocks[block_at(start)].first == start && only_from_condition(block_at(start), condition)) {
      const int target = function_.instrs[start].target;
      // (Unless the condition's own code jumps there too: the cleanup of a
      // chained comparison going straight back to a loop's header.)
      const bool condition_goes_there = std::any_of(condition.blocks.begin(), condition.blocks.end(), [&](int b) {
        const ir::Instr& last = function_.instrs[graph_.blocks[b].last];
        return last.op == Op::Jump && last.target == target && graph_.blocks[b].last != start;
      });
      if ((region.loop->continues_at(target) || target == region.loop->follow) && !condition_goes_there) {
        visited_[start] = 1;
        emit(body, target == region.loop->follow ? ast::StmtPtr(make::break_()) : ast::StmtPtr(make::continue_()),
             start);
        return false;
      }
    }
    // (≤3.9: a test threaded through the loop's latch, the if's end, to
    // the header; not one whose other branch is a lone break/continue.)
    if (region.loop && region.loop->continues_at(start) && start != region.stop &&
        function_.instrs[then_start].op != Op::Jump && threaded_through_latch(-1, join, region))
      return true;
    if (region.loop && region.loop->continues_at(start) && start != region.stop) {
      body.push_back(make::continue_());
      return false;
    }
    if (region.loop && start == region.loop->follow && start != region.stop) {
      body.push_back(make::break_());
      return false;
    }
    Region sub = region.sub(join, block_at(start), region.loop);
    sub.stopped_at = &stopped;
    return walk_region(start, sub, branch_stack, body);
  };
  Stack then_stack = stack, else_stack = stack;
  ast::Body then_body, else_body;
  // A branch of an if inside a with or try body that left the protected
  // code with a value on the stack stopped in the middle of its `return
  // value` (the with's exit call or finally copy comes first): finish it.
  // (3.11+ load a constant returned there after ending the protection:
  // the branch stopped before its `return CONSTANT`. Module and class
  // code cannot return: there it is a copy of the implicit return.)
  // (A branch that reached the join, where other paths come in too, met
  // the other branch there: that return follows the if, in the enclosing
  // statement that all those paths end.)
  // (`other_end`: where the other branch stopped, -1 where it does not fall.)
  auto finish_branch_return = [&](bool falls, int at, Stack& branch_stack, ast::Body& body, int other_end) {
    if (!falls || at < 0) return falls;
    // A branch that leaves its except clause early, while the other goes on
    // to more of the clause at the join, returns: falling off the end would
    // run that code too. (3.10+ `if c: pass` `else: return` + more code.
    // The other branch reached the join without leaving the clause, which
    // takes a POP_EXCEPT: code there is the clause's.)
    int clause_exit = at;
    while (code_.version.minor <= 10 && clause_exit < int(function_.instrs.size()) &&
           function_.instrs[clause_exit].op == Op::PopBlock)
      ++clause_exit;
    const bool leaves_clause_early = region.clause_depth >= 0 && other_end == join && join != at && join >= 0 &&
                                     join < int(function_.instrs.size()) &&
                                     function_.instrs[join].op != Op::PopExcept &&
                                     function_.instrs[join].op != Op::PopBlock &&
                                     clause_exit < int(function_.instrs.size()) &&
                                     function_.instrs[clause_exit].op == Op::PopExcept;
    if (!leaves_clause_early && (region.protection < 0 || within_protection(at, region.protection))) return falls;
    // (3.12+ leave `return CONSTANT` out of the protection: a first branch
    // that is only that return, reached from several tests of an and/or
    // condition and from nowhere else, is the branch's own return.)
    const auto& predecessors = graph_.blocks[block_at(at)].predecessors;
    const bool from_condition_only =
        at != else_start && std::all_of(predecessors.begin(), predecessors.end(), [&](int p) {
          return std::find(condition.blocks.begin(), condition.blocks.end(), p) != condition.blocks.end();
        });
    if (at == join && graph_.blocks[block_at(at)].first == at && predecessors.size() > 1 && !from_condition_only)
      return falls;
    // (A return inside a for loop drops the iterator first, the value
    // moved below it; the finally bodies it leaves run before a constant
    // is loaded.)
    const bool iterator_dropped =
        !stack.empty() && stack.back().kind == Value::Kind::Iterator &&
        (branch_stack.size() < stack.size() || branch_stack[stack.size() - 1].kind != Value::Kind::Iterator);
    // (3.12+ also leave those POP_TOPs, one per loop left, out of the
    // protection: a branch that is only the return stops right there, the
    // iterators still on its stack.)
    int iterator_drops = 0;
    if (!iterator_dropped && branch_stack.size() == stack.size())
      while (iterator_drops < int(stack.size()) &&
             stack[stack.size() - 1 - iterator_drops].kind == Value::Kind::Iterator &&
             at + iterator_drops < int(function_.instrs.size()) &&
             function_.instrs[at + iterator_drops].op == Op::PopTop)
        ++iterator_drops;
    const bool drops_iterator_here = iterator_drops > 0;
    const std::size_t base = stack.size() - (iterator_dropped ? 1 : 0);
    const bool value_left = branch_stack.size() > base;
    const bool same_stack = branch_stack.size() == base;
    // (A return inside a try in an except clause leaves that clause first.)
    int unwound = at + iterator_drops;
    for (int guard = 0; guard < 8 && unwound < int(function_.instrs.size()); ++guard) {
      const Op op = function_.instrs[unwound].op;
      if (op == Op::PopBlock)
        ++unwound;
      else if (op == Op::PopExcept)
        unwound = after_name_unbinding(unwound + 1, region.clause_name);
      else
        break;
    }
    const int load = past_finally_copies(unwound, region, /*through_branching=*/true);
    // (3.10+ copy the implicit `return None`. After a finally body's copy
    // the constant has the copy's last line: the unwinding before the copy
    // tells a written `return`.)
    // (Nor is a return that drops a for loop's iterator: falling off the
    // end never happens inside a loop.)
    // (The walk may have read the unwinding out of an except clause, its
    // POP_EXCEPT and name unbinding, before it stopped: that says it.)
    int unwinding = at;
    if (unwinding >= 3 && unbinds_name_at(unwinding - 3, region.clause_name)) unwinding -= 3;
    unwinding = unwinding >= 1 && function_.instrs[unwinding - 1].op == Op::PopExcept ? unwinding - 1 : at;
    // (3.10: a copy of the code after the try that the if's branches meet
    // at, the body's end, is no return of the branch.)
    // (3.12+: a return on the line of the code after the try, copied to
    // where the body ends, is none either.)
    auto copied_exit_at_join = [&](int code) {
      return (is_copied_try_exit(code) && (code == join || exit_copy_length(code, join) > 0)) ||
             is_copied_try_tail(code, region.protection);
    };
    // (Nor does a branch of a loop inside the try body fall off the end:
    // the loop would go round. 3.12+ `try: while b <= (c or a): pass`:
    // the test's jump out goes straight to the copy of the implicit return
    // after the try; read as `while True:`, the branch returns.)
    const bool leaves_loop_in_body =
        region.loop && region.loop->header_block >= 0 &&
        within_protection(graph_.blocks[region.loop->header_block].first, region.protection);
    const bool written = iterator_dropped || drops_iterator_here || leaves_loop_in_body || leaves_clause_early ||
                         (unwinding != at && unwinds_with_line_of_its_own(unwinding)) ||
                         (load != at && code_.version.minor >= 10 && loads_none(load)
                              ? unwinds_with_line_of_its_own(at)
                              : !is_implicit_return_copy(load + 1) && !copied_exit_at_join(load));
    // (3.11+ POP_EXCEPT there took the clause's exception off the stack.)
    const bool unwound_clause = unwinding != at && code_.version.minor >= 11 && branch_stack.size() + 1 == base;
    const bool constant_return = (same_stack || unwound_clause) && load + 1 < int(function_.instrs.size()) &&
                                 function_.instrs[load].op == Op::LoadConst &&
                                 function_.instrs[load + 1].op == Op::ReturnValue && !visited_[load] && written &&
                                 kind_ != CodeKind::Module && kind_ != CodeKind::Class;
    // 3.12+ `return CONSTANT` (or `return`, `break`) in a try body whose
    // finally body returns itself: the constant is never loaded, only the
    // statement's NOP (kept for its line) and the finally's copy, ending in
    // the finally's own return (the handler's copy starts the same, after
    // PUSH_EXC_INFO). Falling off the branch there would run the code after
    // the if (try_elif_chained_return_then_assign): refused.
    auto returning_finally_copy = [&](int from) {
      const int count = int(function_.instrs.size());
      int ret = from;
      while (ret < count && ret < from + 64 && function_.instrs[ret].op != Op::ReturnValue) {
        const ir::Instr& instr = function_.instrs[ret];
        if (instr.target >= 0 || instr.op == Op::RaiseVarargs || instr.op == Op::Reraise) return false;
        ++ret;
      }
      if (ret >= count || ret == from || function_.instrs[ret].op != Op::ReturnValue ||
          function_.instrs[ret - 1].op == Op::LoadConst)
        return false;
      for (int h = ret + 1; h + (ret - from) < count; ++h) {
        if (function_.instrs[h - 1].op != Op::PushExcInfo) continue;
        bool same = true;
        for (int k = 0; k < ret - from && same; ++k) same = same_instruction_at(from + k, h + k);
        if (same) return true;
      }
      return false;
    };
    if (!value_left && !constant_return && at != join && code_.version.minor >= 12 &&
        function_.instrs[at].nop_line != 0 && function_.instrs[at].nop_line != function_.instrs[at].line &&
        returning_finally_copy(at))
      fail(at, "a branch of the try body leaves it into a return it does not load (a finally that returns)");
    if (!value_left && !constant_return) return falls;
    int i = at;
    return !finish_return(i, region, branch_stack, body);
  };
  // (Branches that meet with a value each are a conditional expression.)
  const int enclosing_then_else = enclosing_then_else_;
  enclosing_then_else_ = else_start;
  bool then_falls = branch(then_start, then_stack, then_body);
  enclosing_then_else_ = -1;
  int then_stopped = stopped >= 0 ? stopped : join;  // (a jump to the join stops there too)
  // ≤3.9: a branch whose last jump back to the loop's header (or out of
  // the loop) is followed by the dead jump over the else clause ended in a
  // written `continue` (`break`): running off its end would have been that
  // one jump, threaded.
  // (Not a jump that ends a compound statement ending the branch: an
  // inner `if c: continue`.)
  if (dead_jump_over_else && then_falls && region.loop && then_start <= else_start - 2 &&
      (then_body.empty() || !ast::is_compound_flow(*then_body.back()))) {
    const int at = else_start - 2;
    const ir::Instr& last = function_.instrs[at];
    if (last.op == Op::Jump && visited_[at] && graph_.blocks[block_at(at)].reachable &&
        (region.loop->continues_at(last.target) || last.target == region.loop->follow)) {
      emit(then_body,
           last.target == region.loop->follow ? ast::StmtPtr(make::break_()) : ast::StmtPtr(make::continue_()), at);
      then_falls = false;
    }
  }
  stopped = -1;
  // ≤3.9: a first branch whose jump goes straight back to the loop's
  // header (unthreaded_continues.cpp): where does the else code end?
  const int header_jump = then_falls && region.loop && join == region.loop->continue_target && then_stopped == join
                              ? header_jump_ending_branch(then_start, else_start, region)
                              : -1;
  std::vector<char> visited_before_else;
  if (header_jump >= 0) visited_before_else = visited_;
  bool else_falls = branch(else_start, else_stack, else_body);
  enclosing_then_else_ = enclosing_then_else;
  int else_stopped = stopped >= 0 ? stopped : join;
  if (header_jump >= 0 && else_falls && else_stopped == join) {
    // (The else code's last instruction, or the jump after it that it
    // reached, taken as the region's stop.)
    int if_end = -1;
    for (int k = else_start; k < int(function_.instrs.size()); ++k)
      if (visited_[k] && !visited_before_else[k]) if_end = k;
    if (if_end >= 0 && !(function_.instrs[if_end].op == Op::Jump && function_.instrs[if_end].target == join)) ++if_end;
    if (if_end_threads_elsewhere(if_end, region)) {
      emit(then_body, make::continue_(), header_jump);
      then_falls = false;
    }
  }
  // `if c: ...; return CONSTANT` + `raise` in an except clause: the
  // return leaves the clause first (POP_EXCEPT) and loads its constant
  // after, so the walk of the first branch stopped at the clause's end,
  // laid out before the other branch (the end of an if/else, where the
  // code after it would go on, comes after both). Read as an empty branch,
  // the if would be turned round (`if not c: raise`), which lays the
  // raise out first. (3.10+ copy the code after the try into the clause,
  // lines and all: a copy of a return written after the clause has a
  // line past the raise.) (`except E as name`: ≤3.10 leave the
  // try/finally that unbinds the name first, POP_BLOCK, and unbind it
  // after the POP_EXCEPT; 3.8 by CALL_FINALLY.)
  int pop_except = then_stopped;
  while (code_.version.minor <= 10 && pop_except >= then_start && pop_except < else_start &&
         function_.instrs[pop_except].op == Op::PopBlock)
    ++pop_except;
  const int unbound = after_name_unbinding(pop_except + 1, region.clause_name);
  int load = unbound;
  while (code_.version.minor == 8 && load < else_start && function_.instrs[load].op == Op::CallFinally) ++load;
  if (then_falls && !else_falls && then_stopped >= then_start && pop_except < else_start && region.clause_depth >= 0 &&
      function_.instrs[pop_except].op == Op::PopExcept && returns_constant_at(load) &&
      function_.instrs[load].line < function_.instrs[else_start].line && kind_ != CodeKind::Module &&
      kind_ != CodeKind::Class) {
    for (int k = then_stopped; k <= pop_except; ++k) visited_[k] = 1;
    if (code_.version.minor >= 11) pop(then_stack, pop_except);
    skip_name_unbinding(pop_except + 1, region.clause_name);
    int i = unbound;
    if (finish_return(i, region, then_stack, then_body)) then_falls = false;
  }
  // Both branches stopped where they leave the except clause they are in,
  // at POP_EXCEPTs of their own: where one goes on by a jump (the clause's
  // end) and the other runs, past copies of finally bodies, into a return,
  // that branch is a `return` of its own: 3.9+ `except E: if a: return`
  // in a try/finally with code after it. (Read as meeting at the first,
  // its return ran after the if on every path.)
  if (then_falls && else_falls && region.clause_depth >= 0 && then_stopped != else_stopped &&
      kind_ != CodeKind::Module && kind_ != CodeKind::Class) {
    auto leaves_clause = [&](int at) {
      while (code_.version.minor <= 10 && at >= 0 && at < int(function_.instrs.size()) &&
             function_.instrs[at].op == Op::PopBlock)
        ++at;
      return at >= 0 && at < int(function_.instrs.size()) && function_.instrs[at].op == Op::PopExcept ? at : -1;
    };
    auto jumps_on = [&](int at) {
      const int pop_at = leaves_clause(at);
      if (pop_at < 0) return false;
      int next = after_name_unbinding(pop_at + 1, region.clause_name);
      while (code_.version.minor == 8 && next < int(function_.instrs.size()) &&
             function_.instrs[next].op == Op::CallFinally)
        ++next;
      return next < int(function_.instrs.size()) && function_.instrs[next].op == Op::Jump;
    };
    for (auto [falls, at, other, body, branch_stack] :
         {std::tuple{&then_falls, then_stopped, else_stopped, &then_body, &then_stack},
          std::tuple{&else_falls, else_stopped, then_stopped, &else_body, &else_stack}}) {
      const int pop_at = leaves_clause(at);
      if (pop_at < 0 || !jumps_on(other) || jumps_on(at)) continue;
      const std::vector<char> visited_before = visited_;
      const Stack stack_before = *branch_stack;
      const std::size_t body_before = body->size();
      bool returned = false;
      try {
        for (int k = at; k <= pop_at; ++k) visited_[k] = 1;
        if (code_.version.minor >= 11) pop(*branch_stack, pop_at);
        int i = skip_name_unbinding(pop_at + 1, region.clause_name);
        while (code_.version.minor == 8 && i < int(function_.instrs.size()) &&
               function_.instrs[i].op == Op::CallFinally)
          visited_[i++] = 1;
        returned = finish_return(i, region, *branch_stack, *body);
      } catch (const Error&) {
        returned = false;
      }
      if (returned) {
        *falls = false;
        break;
      }
      visited_ = visited_before;
      *branch_stack = stack_before;
      body->resize(body_before);
    }
  }
  if (!(then_falls && else_falls && then_stopped == else_stopped)) {
    then_falls = finish_branch_return(then_falls, then_stopped, then_stack, then_body, else_falls ? else_stopped : -1);
    else_falls = finish_branch_return(else_falls, else_stopped, else_stack, else_body, then_falls ? then_stopped : -1);
  }
  // In a try body, 3.11+ put the jump of a `continue`/`break` after the
  // protected range, so a branch that ends in one stops there while the
  // other goes on elsewhere: that jump is the branch's last statement.
  if (then_falls && else_falls && then_stopped != else_stopped) {
    for (auto [falls, at, body, branch_stack] :
         {std::tuple{&then_falls, then_stopped, &then_body, &then_stack},
          std::tuple{&else_falls, else_stopped, &else_body, &else_stack}}) {
      if (auto [statement, length] = branch_loop_jump(at, region, stack.size(), *branch_stack); statement) {
        for (int k = 0; k < length; ++k) visited_[at + k] = 1;
        if (ast::as<ast::Break>(statement) && function_.instrs[at].op == Op::PopTop) pop(*branch_stack, at);
        emit(*body, statement, at);
        *falls = false;
      }
    }
  }
  if (!then_falls) then_stopped = -1;
  if (!else_falls) else_stopped = -1;
  (void)depth;
  // Both branches of an if ending a try body leave it through their own
  // copy of the implicit return (≤3.10 POP_BLOCK first): they meet there.
  int continue_at = join;
  // One branch left: the other goes on where it left the protected code.
  auto left_protection = [&](int at) {
    return at >= 0 && region.protection >= 0 && !within_protection(at, region.protection);
  };
  if (!then_falls && else_falls && left_protection(else_stopped)) continue_at = else_stopped;
  if (then_falls && !else_falls && left_protection(then_stopped)) continue_at = then_stopped;
  // (Both left it at one place, past the join found: they meet there.)
  if (then_falls && else_falls && then_stopped == else_stopped && then_stopped != join && left_protection(then_stopped))
    continue_at = then_stopped;
  // A branch that falls to the end of the except clause it is in meets
  // the other there (3.13 give each branch its own copy of that end).
  auto clause_end = [&](int at) {
    return region.clause_depth >= 0 && at >= 0 && at < int(function_.instrs.size()) &&
           function_.instrs[at].op == Op::PopExcept;
  };
  if (continue_at < 0 && then_falls && clause_end(then_stopped)) continue_at = then_stopped;
  if (continue_at < 0 && else_falls && clause_end(else_stopped)) continue_at = else_stopped;
  // (Each at its own copy of that end: the if ends the clause, whatever
  // join the graph gives, such as the code after a try whose body never
  // falls through, reached from the clause alone, which must stay after
  // the try statement.)
  if (then_falls && else_falls && then_stopped != else_stopped && clause_end(then_stopped) && clause_end(else_stopped))
    continue_at = then_stopped;
  if (then_falls && else_falls && region.protection >= 0 && then_stopped >= 0 && else_stopped >= 0 &&
      then_stopped != else_stopped && !within_protection(then_stopped, region.protection) &&
      !within_protection(else_stopped, region.protection)) {
    // (3.10 and 3.12+ also copy a short returning tail such as `return x`
    // to where each branch leaves the try, same lines and all.)
    int n = implicit_return_tail_length(then_stopped);
    if (n == 0 || n != implicit_return_tail_length(else_stopped)) n = 0;
    // (Not when the branches push values: that is a conditional expression
    // feeding the copied tail.)
    auto unchanged = [&](const Stack& arm) {
      return arm.size() == stack.size() && std::equal(arm.begin(), arm.end(), stack.begin(), [](auto& a, auto& b) {
               return a.expr == b.expr;
             });
    };
    if (n == 0 && unchanged(then_stack) && unchanged(else_stack)) n = exit_copy_length(else_stopped, then_stopped);
    // (3.13+ copy the end of an enclosing except clause, POP_EXCEPT and
    // the jump on, into each branch of an if ending a try body there.)
    if (n == 0 && code_.version.minor >= 13 && unchanged(then_stack) && unchanged(else_stack) &&
        function_.instrs[then_stopped].op == Op::PopExcept)
      n = code_copy_length(else_stopped, then_stopped);
    if (n > 0) {
      for (int k = 0; k < n; ++k) visited_[else_stopped + k] = 1;
      continue_at = then_stopped;
    }
  }

  if (then_falls && else_falls && then_body.empty() && else_body.empty() && then_stack.size() == stack.size() + 1 &&
      else_stack.size() == stack.size() + 1) {
    ast::ExprPtr when_true = expr_of(then_stack.back(), index);
    ast::ExprPtr when_false = expr_of(else_stack.back(), index);
    stack.push_back(Value::of(make::ifexp(test, when_true, when_false)));
    return join;
  }
  if (then_falls && else_falls && then_stack.size() == stack.size() + 1 && else_stack.size() == stack.size() + 1 &&
      join >= 0 && join < int(function_.instrs.size()) && function_.instrs[join].op == Op::ReturnValue) {
    // 3.8/3.9 `return (a if b else c) if d else e`: the peephole optimizer
    // turns the inner conditional's jump to the shared return into a return
    // of its own, so that arm decompiled to `if not b: return c` and left a.
    auto arm_value = [&](const ast::Body& body, const Stack& arm) -> ast::ExprPtr {
      ast::ExprPtr value = expr_of(arm.back(), index);
      if (body.empty()) return value;
      auto* inner = body.size() == 1 ? ast::as<ast::If>(body[0]) : nullptr;
      auto* returned = inner && inner->orelse.empty() && inner->body.size() == 1 ? ast::as<ast::Return>(inner->body[0])
                                                                                 : nullptr;
      if (!returned || !returned->value) return nullptr;
      return make::ifexp(negate_condition(inner->test), value, returned->value);
    };
    ast::ExprPtr when_true = arm_value(then_body, then_stack);
    ast::ExprPtr when_false = arm_value(else_body, else_stack);
    if (when_true && when_false) {
      stack.push_back(Value::of(make::ifexp(test, when_true, when_false)));
      return join;
    }
  }
  // Both branches meeting with different values on the stack and
  // statements besides is no shape the compiler makes from source that
  // this walk knows; going on with either stack would drop the other value.
  // (Dynamo's profiler guard: each branch pushes a None the join drops.)
  if (then_falls && else_falls && then_stopped == else_stopped &&
      share_discarded_join_constant(function_, then_stopped, stack.size(), then_stack, else_stack))
    for (auto& spill : hoist_held_spills(stack, then_stack, then_body, else_stack)) out.push_back(spill);
  if (then_falls && else_falls) {
    const bool same_stack =
        then_stack.size() == else_stack.size() &&
        std::equal(then_stack.begin() + std::min(stack.size(), then_stack.size()), then_stack.end(),
                   else_stack.begin() + std::min(stack.size(), else_stack.size()),
                   [](const Value& a, const Value& b) { return a.expr == b.expr; });
    if (!same_stack) fail(index, "the branches of a conditional meet with different values on the stack");
  }
  if (!then_falls && !else_falls && then_body.size() == 1 && else_body.size() == 1) {
    auto* then_return = ast::as<ast::Return>(then_body[0]);
    auto* else_return = ast::as<ast::Return>(else_body[0]);
    auto copied = [&](const ast::StmtPtr& stmt) {
      return holds(branch_return_copies_, stmt.get());
    };
    // (3.12+ fuse a written `return constant` into RETURN_CONST before
    // copying, so a constant returned but not copied was written so:
    // json detect_encoding 3.12, `if not b[1]: return x if c else y`
    // then `return 'utf-8'`.)
    auto written_constant = [&](const ast::StmtPtr& stmt, const ast::Return& ret) {
      return code_.version.minor >= 12 && ast::as<ast::Constant>(ret.value) && !copied(stmt);
    };
    // (3.14+: `return a if c else x` leaves x, falling into the shared
    // return, on the stack at the end of its block, so never borrows it; a
    // written `return x` does.)
    auto written_borrowed_return = [&]() {
      if (code_.version.minor < 14) return false;
      for (int k = else_start; k + 1 < int(function_.instrs.size()); ++k) {
        if (function_.instrs[k + 1].op != Op::ReturnValue) continue;
        return borrowed_load(code_, function_.instrs[k]);
      }
      return false;
    };
    if (then_return && else_return && then_return->value && else_return->value &&
        (copied(then_body[0]) || copied(else_body[0])) && !written_constant(then_body[0], *then_return) &&
        !written_constant(else_body[0], *else_return) && !written_borrowed_return() &&
        !condition_jumps_to_exit_copies(condition)) {
      emit(out, make::return_(make::ifexp(test, then_return->value, else_return->value)), index);
      branch_return_copies_.push_back(out.back());
      return -1;
    }
  }
  // `if c: pass` with an else compiles its empty branch to a jump over the
  // else; negating c would drop that jump.
  const bool explicit_empty_then = then_falls && then_start != join && then_start < int(function_.instrs.size()) &&
                                   function_.instrs[then_start].op == Op::Jump &&
                                   function_.instrs[then_start].target == join && !jumps_over_latch &&
                                   !(inverted_backward_jump(code_, function_.instrs[then_start], then_start) &&
                                     !(region.loop && region.loop->continues_at(join)));
  // 3.13 copy the end of an except clause into each branch: an empty first
  // branch holding such a copy, laid out before the other, was written
  // `if c: pass` (`if not c: X` would put X first).
  const bool copied_empty_then = code_.version.minor >= 13 && then_falls && then_start != join &&
                                 then_start < else_start && clause_end(then_stopped) && !jumps_over_latch;
  bool turned_round = false;
  if (then_body.empty() && !else_body.empty() && !explicit_empty_then && !copied_empty_then) {
    test = negate_condition(test);
    guard = negate_plainly(guard);
    std::swap(then_body, else_body);
    turned_round = true;
  }
  // 3.14: the raise of `assert not c, msg` that the test jumps to borrows
  // its loads; after `if c:` the raise of `assert False, msg` follows an
  // empty block and does not (code_after_try_loads.cpp). (The code after
  // it, the other branch, goes on.)
  if (turned_round && !else_falls && else_clause_by_loads(else_start) > 0)
    if (auto statement = as_assert(guard, then_body)) {
      emit(out, statement, index);
      for (auto& stmt : else_body) out.push_back(stmt);
      stack = then_stack;
      return then_falls ? continue_at : -1;
    }
  // ... and of `assert c, msg` ending a loop body, whose test jumps round
  // the loop's jump back to the raise (`if c: continue` is no clause).
  if (!turned_round && !then_falls && !else_falls && then_body.size() == 1 && ast::as<ast::Continue>(then_body[0]) &&
      function_.instrs[then_start].op == Op::Jump && region.loop &&
      region.loop->continues_at(function_.instrs[then_start].target) && else_clause_by_loads(else_start) > 0)
    if (auto statement = as_assert(negate_plainly(guard), else_body)) {
      emit(out, statement, index);
      stack = then_stack;
      return -1;
    }
  if (!turned_round && test_after_debug_check(condition, out)) test = debug_and(test);
  if (then_body.empty()) then_body.push_back(make::pass());
  // `if c: return x` followed by more code is how such source is written;
  // it compiles the same as putting the rest in an else branch.
  // Module and class bodies end in an implicit `return None` that 3.12+
  // copy into each branch; those are dropped later, so keep the else there.
  // (A branch that ends in `continue` or `break` is no such copy: the rest
  // follows the if, as 3.12+ inlined comprehension filters need.)
  const bool loop_jump =
      !then_body.empty() && (ast::as<ast::Continue>(then_body.back()) || ast::as<ast::Break>(then_body.back()));
  const bool implicit_returns = (kind_ == CodeKind::Module || kind_ == CodeKind::Class) && !loop_jump;
  // The statement read from the first branch, then the other branch's
  // statements after it (not as an else clause).
  auto then_rest_after = [&](const ast::StmtPtr& statement) {
    emit(out, statement, index);
    for (auto& stmt : else_body) out.push_back(stmt);
    stack = else_stack;
    return else_falls ? continue_at : -1;
  };
  if (!then_falls) {
    if (auto statement = as_assert(guard, then_body)) return then_rest_after(statement);
  }
  // ≤3.9: after a first branch ending in a return (whose jump over the
  // else clause was dropped) and an else clause that never falls through,
  // the end of the if, a jump target even with those jumps gone, keeps the
  // unreachable code after it. (Where the else clause ends in a compound
  // statement ending there, both readings compile the same.)
  const bool dead_label_after_else = !then_falls && !else_falls && then_start < else_start &&
                                     function_.instrs[else_start - 1].op == Op::ReturnValue &&
                                     dead_label_after_branch(else_start);
  // A branch that ends in a copy of the function's implicit return fell
  // off the end in the source: an if/else (the copy is dropped later).
  // (So did one ending in a try whose every path ends in such a copy.)
  // (An if/else kept for that reason whose else clause ends in a `return
  // None` that is no copy: that return was written, on a line of its own.)
  if (!then_falls && !else_body.empty() && !implicit_returns && if_ends_in_implicit_return(then_body) &&
      returns_none(else_body.back()) && !holds(implicit_return_copies_, else_body.back().get()))
    written_returns_.push_back(else_body.back());
  if (!then_falls && !else_body.empty() && !implicit_returns && !ends_in_implicit_return(then_body) &&
      !if_ends_in_implicit_return(then_body) && !try_ends_in_implicit_returns(then_body) &&
      !continues_elsewhere(then_body, else_start) && !dead_jump_over_else && !dead_label_after_else)
    return then_rest_after(make::if_(test, then_body, {}));
  // 3.10+ do not thread a jump to a while loop's closing jump (it has the
  // line of the body's last statement): a first branch that goes back to
  // the loop's start with a backward jump of its own, while the other runs
  // on to the closing one, ends in a written `continue` and the rest of
  // the loop body follows the if (an else clause would compile to a
  // forward jump there).
  // (Not the jump back of a try ending the branch, its else clause's
  // `continue`, when its clauses run on into the join: 3.12,
  // nested_if_try_continue.)
  const bool try_ran_to_join = then_stopped == join && !then_body.empty() && ast::as<ast::Try>(then_body.back());
  if (then_falls && !else_body.empty() && !try_ran_to_join &&
      (ends_in_own_continue_jump(then_start, else_start, then_stopped, region) ||
       ends_in_shared_continue_jump(then_start, else_start, then_stopped, region))) {
    then_body.push_back(make::continue_());
    return then_rest_after(make::if_(test, then_body, {}));
  }
  // ≤3.10 keep the jump over an else clause that compiles to nothing
  // (`else: pass`), a jump to the very next instruction. (Not the jump of
  // an enclosing if whose first branch this if ends, the enclosing else
  // clause starting there too: this if's own jump was threaded past it.)
  if (then_falls && else_body.empty() && join == else_start && enclosing_then_else_ != else_start &&
      then_start < else_start && else_start >= 1 && function_.instrs[else_start - 1].op == Op::Jump &&
      function_.instrs[else_start - 1].target == else_start && visited_[else_start - 1] &&
      graph_.blocks[block_at(else_start - 1)].reachable)
    else_body.push_back(make::pass());
  emit(out, make::if_(test, then_body, else_body), index);
  stack = then_falls ? then_stack : else_stack;
  if (!then_falls && !else_falls) return -1;
  return continue_at;
}

bool FunctionDecompiler::only_from_condition(int block, const Condition& condition) const {
  const auto& predecessors = graph_.blocks[block].predecessors;
  if (predecessors.size() == 1) return true;
  // (≤3.9 thread the jump of an empty branch over an else clause to the
  // loop's header: several ways in from the test read as `if a or b: pass`.)
  if (code_.version.minor <= 9) return false;
  return std::all_of(predecessors.begin(), predecessors.end(), [&](int p) {
    return std::find(condition.blocks.begin(), condition.blocks.end(), p) != condition.blocks.end();
  });
}

bool FunctionDecompiler::ends_in_own_continue_jump(int then_start, int else_start, int then_stopped,
                                                   const Region& region) const {
  if (code_.version.minor < 10 || !region.loop || then_start >= else_start || else_start < 1) return false;
  // (The branch must have stopped where the loop starts again, so it got
  // there by a jump back: one that runs on into the code after the if may
  // end in a `continue` nested in it.)
  if (then_stopped < 0 || !region.loop->continues_at(then_stopped)) return false;
  const int last = else_start - 1;
  const ir::Instr& jump = function_.instrs[last];
  // (A for loop's closing jump has no line of its own, so there the
  // compiler does thread the else form's jump to it: both read the same.)
  return jump.op == Op::Jump && jump.target < last && region.loop->continues_at(jump.target) &&
         function_.instrs[jump.target].op != Op::ForIter && visited_[last] && graph_.blocks[block_at(last)].reachable;
}

// 3.12+ give a jump back to the loop's start that has no line of its own
// (the end of a branch) a copy for each way into it. A first branch that
// ends in one jump back that a test inside the branch (or its jump over an
// else clause) also jumps to (`if a: if b: x` + `continue`, then more body
// code) ends in a written
// `continue`, its line its own: the rest of the body follows the if.
bool FunctionDecompiler::ends_in_shared_continue_jump(int then_start, int else_start, int then_stopped,
                                                      const Region& region) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 12 || !region.loop || then_start >= else_start || else_start < 2) return false;
  if (then_stopped < 0 || !region.loop->continues_at(then_stopped)) return false;
  const int last = else_start - 1;
  const ir::Instr& jump = instrs[last];
  if (jump.op != Op::Jump || jump.target > last || !region.loop->continues_at(jump.target) || !visited_[last] ||
      !graph_.blocks[block_at(last)].reachable || instrs[last - 1].op == Op::Jump ||
      is_conditional_jump(instrs[last - 1].op))
    return false;
  // (Or the jump over an else clause of an if inside the branch.)
  for (int i = then_start; i < last - 1; ++i)
    if ((is_conditional_jump(instrs[i].op) || instrs[i].op == Op::Jump) && instrs[i].target == last) return true;
  return false;
}

// Where the latch's copy of a one-jump test starts, extended backwards
// over blocks computing earlier operands; -1 when it does not repeat it.
int FunctionDecompiler::repeated_latch_test(int test_block, const cfg::Loop* loop, int header_block, int then_start,
                                            int else_start, int index) const {
  int test_start_block = test_block;
  while (true) {
    const cfg::Block& b = graph_.blocks[test_start_block];
    if (b.predecessors.size() != 1) break;
    const int pred = b.predecessors[0];
    const cfg::Block& p = graph_.blocks[pred];
    const ir::Instr& last = function_.instrs[p.last];
    if (!loop->contains[pred] || pred == header_block || !is_conditional_jump(last.op)) break;
    if (last.target != else_start && last.target != then_start) break;
    if (p.last + 1 != b.first) break;
    test_start_block = pred;
  }
  const int test_start = repeated_test_start(graph_.blocks[test_start_block].first,
                                             graph_.blocks[test_start_block].last, index);
  return test_start == graph_.blocks[test_start_block].last ? -1 : test_start;
}

// ≤3.9 end a loop body with its jump back to the header even when the body
// cannot fall into it: a dead latch right before the loop's exit, after a
// jump back to the header, says the body's last statement was `continue`
// (the jumps of the branches before it are threaded past it). Returns that
// jump, or -1.
int FunctionDecompiler::written_final_continue(int header, int exit) const {
  if (code_.version.minor > 9 || exit < 2 || exit >= int(function_.instrs.size())) return -1;
  const int latch = exit - 1, jump = exit - 2;
  auto jumps_back = [&](int at) { return function_.instrs[at].op == Op::Jump && function_.instrs[at].target == header; };
  if (!jumps_back(latch) || !jumps_back(jump) || graph_.blocks[block_at(latch)].reachable ||
      !graph_.blocks[block_at(jump)].reachable)
    return -1;
  return jump;
}

// ≤3.9 end the code with one shared `return None` that falling off the end
// jumps to, and do not thread a break's jump to it into a return: a `while
// 1:` loop ending the function whose body code that never gets back to the
// header jumps there (a break after an if/else, the jumps of both branches
// threaded to the break's target) breaks to that return. Returns it, or -1.
int FunctionDecompiler::shared_return_after_endless_loop(int header_block, const cfg::Loop& loop,
                                                         const Region& region) const {
  const int tail = int(function_.instrs.size()) - 2;
  if (code_.version.minor > 9 || kind_ == CodeKind::Lambda || tail < 0 || !returns_none_at(tail) ||
      region.stop >= 0 || !graph_.blocks[block_at(tail)].reachable || graph_.blocks[block_at(tail)].first != tail)
    return -1;
  for (const cfg::Block& b : graph_.blocks) {
    const ir::Instr& last = function_.instrs[b.last];
    // (Not the jump leaving a try body: the try may have had an else clause.)
    const bool leaves_try_body = std::any_of(b.predecessors.begin(), b.predecessors.end(),
                                             [&](int p) { return graph_.blocks[p].handler_block != b.handler_block; });
    if (b.reachable && !loop.contains[b.id] && last.op == Op::Jump && last.target == tail && !leaves_try_body &&
        b.handler_block == graph_.blocks[header_block].handler_block && graph_.dominates(header_block, b.id))
      return tail;
  }
  return -1;
}

// ≤3.9: an endless loop whose only way out is a condition's jump, which
// the peephole optimizer threaded through the jump of an `else: break`
// (or `if not c: break`) to the code after the loop, leaving that jump
// unreachable in the loop's layout: its target is the loop's follow.
// (Unreachable jumps over else clauses and back to the header stay
// inside the loop.)
int FunctionDecompiler::dead_break_target(int header_block, const cfg::Loop& loop) const {
  if (code_.version.minor > 9 || loop.latches.empty()) return -1;
  int last_latch = -1;
  for (int latch : loop.latches) last_latch = std::max(last_latch, graph_.blocks[latch].last);
  int found = -1;
  // (The dead code right after the last jump back belongs to the loop's
  // layout too: an `else: break` ending the body.)
  for (int i = graph_.blocks[header_block].first; i < int(function_.instrs.size()); ++i) {
    if (i > last_latch && graph_.blocks[block_at(i)].reachable) break;
    const ir::Instr& jump = function_.instrs[i];
    if (jump.op != Op::Jump || jump.target <= i || graph_.blocks[block_at(i)].reachable) continue;
    const int target_block = block_at(jump.target);
    if (loop.contains[target_block] || !graph_.blocks[target_block].reachable ||
        graph_.blocks[target_block].first != jump.target || !graph_.dominates(header_block, target_block) ||
        graph_.blocks[target_block].handler_block != graph_.blocks[header_block].handler_block)
      continue;
    if (found >= 0 && found != jump.target) return -1;
    found = jump.target;
  }
  return found;
}

// A loop without a test whose last statement is a `break`: the compiler
// drops a jump to the very next instruction, so the loop is left by falling
// out of its last test. The code there, unlike body code that returns or
// raises, runs on into code the loop's header does not dominate (the join
// of an enclosing if statement). Returns it when it is the one such place,
// else -1.
int FunctionDecompiler::fallen_out_break_target(int header_block, const cfg::Loop& loop) const {
  auto runs_past_loop = [&](int start) {
    std::vector<char> seen(graph_.blocks.size(), 0);
    std::vector<int> work{start};
    while (!work.empty()) {
      const int b = work.back();
      work.pop_back();
      if (seen[b]) continue;
      seen[b] = 1;
      if (!graph_.dominates(header_block, b)) return true;
      for (int next : graph_.blocks[b].successors) work.push_back(next);
    }
    return false;
  };
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    // (Not code inside a try statement in the body: a break leaves that
    // through its finally body or handler, so the code after the loop is
    // outside it.)
    if (!b.reachable || loop.contains[b.id] || b.handler_block != graph_.blocks[header_block].handler_block) continue;
    const bool entered_from_loop = std::any_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
      return loop.contains[p] && graph_.blocks[p].handler_block == b.handler_block;
    });
    if (!entered_from_loop || !runs_past_loop(b.id)) continue;
    if (found >= 0) return -1;
    found = b.first;
  }
  return found;
}

const cfg::Loop* FunctionDecompiler::loop_sharing_header(const cfg::Loop& loop, int latch, int test_start) {
  // (Other latches whose jump back lies in the repeated test are part of
  // it: `while a or b:` jumps back after each operand.)
  std::vector<int> inner_latches;
  for (int candidate : loop.latches) {
    const cfg::Block& b = graph_.blocks[candidate];
    const bool in_test = b.last >= test_start && b.last <= graph_.blocks[latch].last;
    if (candidate != latch && !in_test) inner_latches.push_back(candidate);
  }
  if (inner_latches.empty()) return nullptr;
  return &split_loops_.emplace_back(graph_.natural_loop(loop.header, inner_latches));
}

// 3.10+ compile `while cond: body` as `if cond: do { body } while (cond)`:
// a test before the loop and the same test at its latch jumping back to the
// top. Recognised at the first test; returns where to continue, or -2 when
// the conditional at hand is not such a loop.
int FunctionDecompiler::try_inverted_while(const ast::ExprPtr& test, int then_start, int else_start,
                                           const Region& region, Stack& stack, ast::Body& out, int index,
                                           int top_test) {
  if (then_start >= int(function_.instrs.size())) return -2;
  const int header_block = block_at(then_start);
  if (graph_.blocks[header_block].first != then_start) return -2;
  const cfg::Loop* loop = nullptr;
  for (const cfg::Loop& candidate : graph_.loops)
    if (candidate.header == header_block) loop = &candidate;
  if (loop == nullptr || function_.instrs[then_start].op == Op::ForIter) return -2;
  // The latch: ends in a conditional jump to the header, falling through to
  // where the first test sends a false condition.
  // 3.12+ never jump backwards conditionally: there the test jumps out and
  // falls into a lone JUMP_BACKWARD.
  int latch = -1;
  int test_block = -1;
  // (A chained comparison's latch copy may leave by a lone jump of its own.)
  int latch_exit_jump = -1;
  auto lone_jump_to = [&](int at, int target) { return is_lone_jump(at, target); };
  // (3.10/3.11 give the latch's way out its own copy of the implicit
  // `return None` too, on the latch's line, which a multi-line test makes
  // another than the top test's exit copy: concurrent.futures.process
  // _ExecutorManagerThread.shutdown_workers.)
  auto implicit_return_after_latch = [&](int latch_jump) {
    const int copy = latch_jump + 1;
    if (copy + 1 >= int(function_.instrs.size()) || !returns_none_at(copy) || !returns_none_at(else_start) ||
        !is_implicit_return_copy(else_start + 1) || function_.instrs[copy].line != function_.instrs[latch_jump].line ||
        function_.instrs[copy].handler != function_.instrs[else_start].handler ||
        graph_.blocks[block_at(copy)].first != copy)
      return false;
    visited_[copy] = visited_[copy + 1] = 1;
    return true;
  };
  for (int candidate : loop->latches) {
    const cfg::Block& b = graph_.blocks[candidate];
    const ir::Instr& last = function_.instrs[b.last];
    if (is_conditional_jump(last.op) && last.target == then_start &&
        (same_exit(else_start, b.last + 1) || lone_jump_to(b.last + 1, else_start) ||
         implicit_return_after_latch(b.last))) {
      latch = test_block = candidate;
      latch_exit_jump = lone_jump_to(b.last + 1, else_start) ? b.last + 1 : -1;
    } else if (last.op == Op::Jump && b.first == b.last && b.predecessors.size() == 1) {
      const cfg::Block& p = graph_.blocks[b.predecessors[0]];
      const ir::Instr& test = function_.instrs[p.last];
      if (is_conditional_jump(test.op) && p.last + 1 == b.first &&
          (test.target == else_start || same_exit(else_start, test.target) || lone_jump_to(test.target, else_start) ||
           copied_clause_end(test.target, else_start))) {
        latch = candidate;
        test_block = p.id;
        latch_exit_jump = lone_jump_to(test.target, else_start) ? test.target : -1;
      }
    }
  }
  if (latch < 0) return -2;
  int test_start = -1;
  // (3.12+: the lone jump to an enclosing loop's header that the test falls
  // into may stand between the test and the body.)
  const int top_last = then_start >= 2 && then_start - 1 > index && is_lone_jump(then_start - 1, else_start)
                           ? then_start - 2
                           : then_start - 1;
  if (index != top_last) {  // a test of several jumps
    test_start = repeated_compound_test_start(graph_.blocks[test_block].last, index, top_last, then_start);
    if (test_start < 0) test_start = repeated_chain_test_start(graph_.blocks[test_block].last, index, then_start);
    if (test_start < 0) return -2;
  } else {
    test_start = repeated_latch_test(test_block, loop, header_block, then_start, else_start, index);
    if (test_start < 0) return -2;
  }
  // The latch repeats the test already read at the top; where its jumps
  // leave the loop, 3.12+ may have given each its own copy of short code
  // ending the function (`return None`): the same place as the top's.
  if (latch_exit_jump >= 0) visited_[latch_exit_jump] = 1;
  for (int i = test_start; i <= graph_.blocks[latch].last; ++i) {
    visited_[i] = 1;
    const ir::Instr& jump = function_.instrs[i];
    if (is_conditional_jump(jump.op) && jump.target >= 0 && jump.target < int(function_.instrs.size()) &&
        !loop->contains[block_at(jump.target)] && !visited_[jump.target]) {
      // (A chained comparison's jump goes to its cleanup, then runs on into
      // a copy of the exit.)
      const int copy = jump.target + 1;
      const int n = function_.instrs[jump.target].op != Op::PopTop ? 0
                    : returns_none_at(copy) && returns_none_at(else_start) ? 2
                                                                           : exit_copy_length(copy, else_start);
      if (n > 0 || (function_.instrs[jump.target].op == Op::PopTop && copy == else_start))
        for (int k = jump.target; k <= copy + n - 1; ++k) visited_[k] = 1;
      else if (copied_clause_end(jump.target, else_start))
        for (int k = 0; k < clause_end_copy_length(jump.target); ++k) visited_[jump.target + k] = 1;
      else
        same_exit(else_start, jump.target);
    }
  }
  // (Not from an except clause in the loop: its re-raise is no follow.)
  std::vector<char> local;
  const std::vector<char>& normal = normally_reachable_from(then_start, local);
  const int follow = [&] {
    // (An exit back to an enclosing loop's header, 3.12+: a while loop
    // ending that loop's body, try_inverted_while_left_to_outer_loop;
    // code there is no follow, a break goes back there too.)
    if (else_start < then_start) return else_start;
    for (const cfg::Block& b : graph_.blocks) {
      if (!loop->contains[b.id] || !b.reachable || !normal[b.id]) continue;
      for (int succ : b.successors) {
        if (loop->contains[succ]) continue;
        const int target = graph_.blocks[succ].first;
        // (3.10/3.11 give each exit of an `and` test at the end of the
        // function its own copy of the implicit return, claimed above.)
        const bool claimed_return_copy = visited_[target] && returns_none_at(target) && returns_none_at(else_start);
        if (target != else_start && target > else_start && !claimed_return_copy) return target;
        // A `break` after statements of its own (`if c: x = 0; break`) is
        // body code outside the natural loop that jumps past the else.
        const cfg::Block& leaving = graph_.blocks[succ];
        const ir::Instr& last = function_.instrs[leaving.last];
        if (target != else_start && graph_.dominates(header_block, succ) && last.op == Op::Jump &&
            last.target > else_start && !loop->contains[block_at(last.target)])
          return last.target;
      }
    }
    if (const int past_else = with_break_past_else(*loop, header_block, else_start, normal); past_else >= 0)
      return past_else;
    return else_start;
  }();
  LoopContext context{test_start, follow, header_block, region.loop};
  context.top_test = top_test;
  context.exit = else_start;
  context.dropped_breaks = dropped_break_copies(header_block, *loop, follow);
  ast::Body body;
  Stack body_stack = stack;
  const Region body_region = region.sub(test_start, header_block, &context);
  if (const cfg::Loop* inner = loop_sharing_header(*loop, latch, test_start)) {
    const int next = decompile_loop(header_block, body_region, body_stack, body, inner);
    if (next >= 0) walk_region(next, body_region, body_stack, body);
  } else if (then_start != test_start) {
    walk_region(then_start, body_region, body_stack, body, /*enter_loop_header=*/true);
  }
  ast::Body orelse;
  if (follow != else_start && else_start != region.stop) {
    Stack else_stack = stack;
    walk_region(else_start, region.sub(follow, block_at(else_start), region.loop), else_stack, orelse);
  }
  if (body.empty()) body.push_back(make::pass());
  emit(out, make::while_(test, body, orelse), index);
  return follow;
}

// `while True:` or `while 1:`: 3.10+ keep the dropped test's constant in
// co_consts (unreferenced unless other code loads it too), so a 1 there
// and no True says which; an unused one decides when both are there. A 1
// that the body loads tells by its place: `while 1:` adds it before the
// constants the body adds.
ast::ExprPtr FunctionDecompiler::infinite_loop_test(const cfg::Loop* loop) const {
  const int const_count = int(code_.consts.size());
  const std::vector<int> first_load = first_constant_loads();
  auto loaded = [&](int k) { return first_load[k] >= 0; };
  bool has_true = false, has_one = false, unused_true = false, unused_one = false;
  int one_at = -1;
  for (int k = 0; k < const_count; ++k) {
    const Constant& constant = *code_.consts[k];
    if (constant.kind == Constant::Kind::Bool && constant.boolean) {
      has_true = true;
      unused_true = unused_true || !loaded(k);
    }
    if (constant.kind == Constant::Kind::Int && constant.text == "1") {
      has_one = true;
      unused_one = unused_one || !loaded(k);
      if (loaded(k)) one_at = k;
    }
  }
  bool one = unused_one != unused_true ? unused_one : has_one && !has_true;
  if (one && !unused_one && one_at >= 0 && loop != nullptr && code_.version.minor >= 10) {
    // (A constant first loaded in the loop that precedes the 1; the loop's
    // code includes what the header dominates outside the natural loop,
    // such as an `if c: raise` in the body.)
    for (int k = 0; k < one_at && one; ++k)
      if (first_load[k] >= 0 &&
          (loop->contains[block_at(first_load[k])] || graph_.dominates(loop->header, block_at(first_load[k]))) &&
          !loads_none(first_load[k]))
        one = false;
  }
  if (!one && has_true && one_at >= 0 && loop != nullptr && code_.version.minor >= 10) {
    // Both loaded elsewhere: a 1 placed before a constant that the loop's
    // code loads ahead of it (in code that runs first, so was compiled
    // first) was added by the test (cgi FieldStorage.read_lines_to_outerboundary
    // 3.12: `while 1:` whose body reads 65536 and sets `self.done = 1`).
    const int one_block = block_at(first_load[one_at]);
    for (int k = one_at + 1; k < const_count && !one; ++k) {
      if (first_load[k] < 0 || loads_none(first_load[k])) continue;
      const int b = block_at(first_load[k]);
      const bool in_loop = loop->contains[b] || graph_.dominates(loop->header, b);
      if (in_loop && first_load[k] < first_load[one_at] && graph_.dominates(b, one_block)) one = true;
    }
  }
  return one ? ast::ExprPtr(make::int_(1)) : ast::ExprPtr(make::boolean(true));
}

// A for / async for loop from where its body starts, `first`, with the
// loop's next item on the stack: the body and the target the item is
// stored into; the exhausted loop pops its iterator, the code from its exit
// up to `follow` is the else clause; then the statement (or an inlined
// comprehension's loop) is done.
int FunctionDecompiler::finish_for_loop(int header, int first, int follow, int exit, const LoopContext& context,
                                        const Region& region, bool is_async, const ast::ExprPtr& iterable,
                                        bool inline_comprehension, Stack& stack, ast::Body& out) {
  std::shared_ptr<AssignmentGroup> group;
  Stack body_stack = stack;
  body_stack.push_back(Value::single_target(group));
  ast::Body body;
  const bool body_falls = walk_region(first, region.sub(header, block_at(first), &context), body_stack, body);
  // A body that falls off its end with the iterator popped stopped in the
  // middle of a return (3.12+ leave its `return CONSTANT` out of a try's
  // protection, the POP_TOP in it): read as the loop's end, the return
  // would be lost.
  if (body_falls && body_stack.size() < stack.size()) fail(header, "for loop body that drops its iterator and runs on");
  const ast::ExprPtr target = group->targets[0];
  if (target == nullptr) fail(header, is_async ? "async for loop without a target" : "for loop without a target");
  stack.pop_back();
  ast::Body orelse;
  if (follow != exit && exit != region.stop) {
    Stack else_stack = stack;
    walk_region(exit, region.sub(follow, block_at(exit), region.loop), else_stack, orelse);
  }
  if (body.empty()) body.push_back(make::pass());
  ast::StmtPtr loop = is_async ? ast::StmtPtr(make::async_for(target, iterable, body, orelse))
                               : ast::StmtPtr(make::for_(target, iterable, body, orelse));
  if (inline_comprehension) {
    if (follow != exit || !orelse.empty()) fail(header, "inlined comprehension loop with more than one exit");
    finish_inline_comprehension(header, loop, stack);
    return exit;
  }
  emit(out, loop, header);
  return follow;
}

int FunctionDecompiler::decompile_loop(int block, const Region& region, Stack& stack, ast::Body& out,
                                       const cfg::Loop* natural) {
  const cfg::Loop* loop = natural ? natural : graph_.loop_headed_by(block);
  if (loop == nullptr) fail(graph_.blocks[block].first, "loop header without a loop");
  const int header = graph_.blocks[block].first;

  // A try around the whole loop protects its header and its jumps back.
  const int header_handler = graph_.blocks[block].handler_block;
  const bool handler_protects_latches =
      !loop->latches.empty() && std::all_of(loop->latches.begin(), loop->latches.end(), [&](int latch) {
        return graph_.blocks[latch].handler_block == header_handler;
      });
  const int enclosing_handler = header_handler >= 0 && handler_protects_latches ? header_handler : -1;
  // Whether a block lies in an except clause inside the loop: a handler
  // entered from the loop's code dominates it.
  std::vector<char> handler_entry(graph_.blocks.size(), 0);
  for (const cfg::Block& b : graph_.blocks)
    if (b.handler_block >= 0 && loop->contains[b.id]) handler_entry[b.handler_block] = 1;
  auto in_clause = [&](int b) {
    for (int guard = 0; b >= 0 && b != block && guard < int(graph_.blocks.size()); ++guard) {
      if (handler_entry[b]) return true;
      if (graph_.idom[b] == b) break;
      b = graph_.idom[b];
    }
    return false;
  };
  // Whether a block lies in the body of a for loop nested in this one (not
  // past that loop's exit): a POP_TOP there before a jump pops the nested
  // loop's iterator, a break of that loop. (Nested loops whose body never
  // gets back to their header are outside this loop's natural body too.)
  // (Not where that loop's breaks all go: a nested for/else whose else
  // clause continues this loop reaches the code after it only by break.
  // Each break pops the nested iterator and jumps there; no other
  // statement ends that way in every branch that meets there.)
  // (A block that pops a value, a for loop's iterator, and jumps.)
  auto pops_and_jumps = [&](const cfg::Block& code) {
    return code.last > code.first && function_.instrs[code.last].op == Op::Jump &&
           function_.instrs[code.last - 1].op == Op::PopTop;
  };
  auto reached_only_by_breaks = [&](int b) {
    const cfg::Block& target = graph_.blocks[b];
    return !target.predecessors.empty() &&
           std::all_of(target.predecessors.begin(), target.predecessors.end(), [&](int p) {
             const cfg::Block& from = graph_.blocks[p];
             return pops_and_jumps(from) && function_.instrs[from.last].target == target.first;
           });
  };
  // (Past that loop's exit: code its natural exit runs on to without
  // going through its header again, also when its breaks go there too,
  // so that the exit does not dominate it: a nested for/else.)
  std::map<int, std::vector<char>> past_nested_exit;
  auto past_exit_of = [&](const cfg::Loop& nested, int exit) -> const std::vector<char>& {
    auto it = past_nested_exit.find(nested.header);
    if (it == past_nested_exit.end())
      it = past_nested_exit.emplace(nested.header, reachable_before(exit, graph_.blocks[nested.header].first)).first;
    return it->second;
  };
  auto inside_nested_for_loop = [&](int b) {
    return std::any_of(graph_.loops.begin(), graph_.loops.end(), [&](const cfg::Loop& nested) {
      const ir::Instr& nested_header = function_.instrs[graph_.blocks[nested.header].first];
      return nested.header != block && nested_header.op == Op::ForIter && graph_.dominates(block, nested.header) &&
             graph_.dominates(nested.header, b) && nested_header.target >= 0 &&
             !graph_.dominates(block_at(nested_header.target), b) && !past_exit_of(nested, nested_header.target)[b] &&
             (nested.contains[b] || !reached_only_by_breaks(b));
    });
  };
  // (Any loop nested in this one, when which is whose break is unclear.)
  auto below_nested_loop_header = [&](int b) {
    return std::any_of(graph_.loops.begin(), graph_.loops.end(), [&](const cfg::Loop& nested) {
      return nested.header != block && graph_.dominates(block, nested.header) && graph_.dominates(nested.header, b);
    });
  };
  // Where `break` goes: the one place outside the loop its body jumps to,
  // other than the natural exit (which then starts the `else` clause).
  // Only an unconditional jump out of the loop is a `break`; code outside
  // the loop that is entered by falling through or by a conditional jump
  // (a `return` placed after the loop body) belongs to the body.
  auto follow_of = [&](int natural_exit) {
    const int natural_exit_block = natural_exit >= 0 ? block_at(natural_exit) : -1;
    const bool for_loop = function_.instrs[header].op == Op::ForIter;
    std::vector<std::pair<int, int>> candidates;  // (block, target)
    // Loop body code: the natural loop, and try bodies in it whose handler
    // gets back to the header (their normal path may not). (≤3.10 set the
    // handler up first.)
    auto body_code = [&](int p) {
      int first = graph_.blocks[p].first;
      while (first + 1 < int(function_.instrs.size()) && function_.instrs[first].op == Op::SetupFinally) ++first;
      const int handler = function_.instrs[first].handler;
      if (loop->contains[p] || (handler >= 0 && graph_.dominates(block, p) && loop->contains[block_at(handler)]))
        return true;
      // (Also the rest of a try body that starts in the loop, where one
      // path continues the loop and the other runs on into the finally
      // copy and a break: `try: if c: continue` + more, `finally`. Not a
      // try around the loop, which protects its header too.)
      if (handler < 0 || !graph_.dominates(block, p) || block_at(handler) == header_handler) return false;
      return std::any_of(graph_.blocks.begin(), graph_.blocks.end(), [&](const cfg::Block& code) {
        return code.reachable && loop->contains[code.id] && code.handler_block == block_at(handler);
      });
    };
    for (const cfg::Block& b : graph_.blocks) {
      if (!b.reachable) continue;
      // ≤3.9 `while 1:` has no exit test, so a block ending in `break`
      // (entered only from the body) is outside the natural loop. (So is
      // a try body whose code after it is a break, while its handler gets
      // back to the header: `try: ... except E: continue` + `break`.)
      // (Not a break of a for loop nested in this one that goes to code
      // reached only by its breaks, which itself breaks this for loop
      // (pops its iterator and jumps): the code after the nested loop. A
      // nested break threaded on to where this loop's break goes is one.)
      const ir::Instr& end = function_.instrs[b.last];
      const bool nested_break = for_loop && end.op == Op::Jump && end.target >= 0 &&
                                end.target < int(function_.instrs.size()) && inside_nested_for_loop(b.id) &&
                                reached_only_by_breaks(block_at(end.target)) &&
                                pops_and_jumps(graph_.blocks[block_at(end.target)]);
      const bool break_block = !loop->contains[b.id] && b.first != natural_exit && !b.predecessors.empty() &&
                               std::all_of(b.predecessors.begin(), b.predecessors.end(), body_code) && !nested_break;
      // In a loop left only by break or return, a lone jump in body code
      // that never gets back to the header (`if a: if b: break else:
      // raise`) is a break too. (An except clause is no body code: that of
      // a try around the loop is entered from it too. The jump that leaves
      // a try body says nothing: the try may have had an else clause.)
      const bool lone_break_block =
          natural_exit < 0 && !loop->contains[b.id] && b.first == b.last && graph_.dominates(block, b.id) &&
          !below_nested_loop_header(b.id) && !in_clause(b.id) &&
          std::all_of(b.predecessors.begin(), b.predecessors.end(),
                      [&](int p) { return graph_.blocks[p].handler_block == b.handler_block; });
      // Body code that never gets back to the header by normal flow (`if c:
      // return x` before a break, a try body that ends in break) is outside
      // the natural loop too, but still dominated by its header; a for
      // loop's break there pops the iterator before it jumps.
      // (Not where the POP_TOP drops a call's or a yield's value, an
      // expression statement before a jump within the body: `if a: f()`
      // + `elif b: ...` + code ending in break.)
      const bool drops_value = b.last - 2 >= b.first && (function_.instrs[b.last - 2].op == Op::Call ||
                                                         function_.instrs[b.last - 2].op == Op::CallFunctionEx ||
                                                         function_.instrs[b.last - 2].op == Op::YieldValue);
      const bool body_block = for_loop && b.last > b.first && function_.instrs[b.last - 1].op == Op::PopTop &&
                              !drops_value && graph_.dominates(block, b.id) && b.first != natural_exit &&
                              !(natural_exit_block >= 0 && graph_.dominates(natural_exit_block, b.id)) &&
                              !inside_nested_for_loop(b.id);
      // (≤3.10: a test in a loop inside a try body that jumps straight to
      // the POP_BLOCK ending that body, `try: while (a if b else c) and 0:`
      // read as `while True:`: the loop ends there, before the try does.
      // Only the end of a try/except body that jumps on, under the handler
      // of the loop's own header: not a return leaving a with or finally.)
      const int count = int(function_.instrs.size());
      if (code_.version.minor <= 10 && break_block && b.first == b.last && b.first + 1 < count &&
          function_.instrs[b.first].op == Op::PopBlock && function_.instrs[b.first + 1].op == Op::Jump &&
          function_.instrs[b.first].handler >= 0 &&
          function_.instrs[b.first].handler == function_.instrs[header].handler &&
          function_.instrs[b.first + 1].target >= 0 && function_.instrs[b.first + 1].target < count &&
          !loop->contains[block_at(function_.instrs[b.first + 1].target)]) {
        candidates.emplace_back(b.id, b.first);
        continue;
      }
      const ir::Instr& last = function_.instrs[b.last];
      if (last.op != Op::Jump || last.target < 0 || last.target >= int(function_.instrs.size())) continue;
      // An except clause of a try in the body that jumps out of the loop
      // (to the code after it, or after an enclosing if statement) is a
      // break, though the clause never gets back to the header either. (Not a clause of a try around the whole loop,
      // which protects the jumps back to the header too; 3.11+ protect the
      // header of a loop whose body starts with a try.)
      // (Nor the jump back of a loop inside the clause, whose header
      // dominates it: a clause that never gets back to the header, ending
      // in a raise, keeps its own loops outside this one.)
      const bool clause_block = !loop->contains[b.id] && graph_.dominates(block, b.id) && in_clause(b.id) &&
                                !(enclosing_handler >= 0 && graph_.dominates(enclosing_handler, b.id)) &&
                                !loop->contains[block_at(last.target)] && b.first != natural_exit &&
                                !graph_.dominates(block_at(last.target), b.id) &&
                                !(natural_exit_block >= 0 && graph_.dominates(natural_exit_block, b.id));
      if (!loop->contains[b.id] && !break_block && !lone_break_block && !body_block && !clause_block) continue;
      // (A chained comparison's cleanup goes on to the if's other branch,
      // which may lie outside the natural loop when it never gets back.)
      if (is_chain_cleanup_jump(b.id)) continue;
      // (A for loop's break pops the iterator first: a jump that does not,
      // to a block that pops and jumps, goes to such a break, as a try
      // body's jump to its else clause does.)
      const cfg::Block& target_block = graph_.blocks[block_at(last.target)];
      if (for_loop && !body_block && target_block.first == last.target && pops_and_jumps(target_block) &&
          !pops_and_jumps(b))
        continue;
      if (body_code(block_at(last.target)) || last.target == natural_exit) continue;
      // (3.11+: the end of a try nested in an except clause of the body,
      // going on to the clause's next statement, clause_cleanup_cover.cpp.)
      if (jump_stays_in_clause(block, b.last, last.target, handler_entry)) continue;
      // (3.12+ a statement in an except clause that ends in a jump, a with
      // statement's exits, before the `break` ending the clause: it jumps
      // to that break's POP_EXCEPT, still in the clause.)
      if (clause_block && for_loop && in_clause(block_at(last.target)) && starts_clause_break(last.target)) continue;
      // (3.13: a break that runs a copy of the end of the except clause
      // the loop ends, break_clause_end_copy.)
      if (for_loop && !loop->contains[b.id] && clause_end_copy_after_pop(b) >= 0) continue;
      candidates.emplace_back(b.id, last.target);
    }
    // Code after a break target (reached from it) is no body code.
    std::vector<int> exits;
    for (const auto& [b, target] : candidates) {
      const bool after_exit = !loop->contains[b] && std::any_of(candidates.begin(), candidates.end(), [&](const auto& c) {
        const int target_block = block_at(c.second);
        return c.second != target && graph_.dominates(block, target_block) && graph_.dominates(target_block, b);
      });
      if (!after_exit && std::find(exits.begin(), exits.end(), target) == exits.end()) exits.push_back(target);
    }
    // Exits that are a lone jump to another exit are one exit: the final
    // target, unless that is the enclosing loop's header (3.10 jump to a
    // jump back there: that jump is the follow).
    auto lone_jump_to = [&](int x, int e) { return x != e && is_lone_jump(x, e); };
    auto to_outer = [&](int e) { return region.loop && region.loop->continues_at(e); };
    const std::vector<int> all_exits = exits;
    exits.erase(std::remove_if(exits.begin(), exits.end(),
                               [&](int e) {
                                 return std::any_of(all_exits.begin(), all_exits.end(), [&](int x) {
                                   return (lone_jump_to(x, e) && to_outer(e)) || (lone_jump_to(e, x) && !to_outer(x));
                                 });
                               }),
                exits.end());
    // A `break` that lands on the enclosing loop's header: the inner loop
    // (with its else) ends the outer body, so the compiler jumps straight back.
    const bool to_outer_header = region.loop && exits.size() == 1 && region.loop->continues_at(exits[0]);
    // (A with statement whose body ends in a break of such a loop jumps,
    // when `__exit__` suppresses, to the break's POP_TOP: one exit.)
    if (exits.size() == 1 && for_loop && natural_exit >= 0 && exits[0] < natural_exit)
      if (const int copied = copied_break_target(*loop, natural_exit);
          copied >= 0 && block_at(copied) == block_at(exits[0]))
        return copied;
    // (3.14+ a break threaded onto a `continue` that does not end the outer
    // body: that continue follows the loop, threaded_break_continue.cpp.)
    if (to_outer_header && code_.version.minor >= 14 && exits[0] != region.stop)
      if (const int jump = threaded_break_continue(function_, graph_, *loop, exits[0]); jump >= 0) return jump;
    if (exits.size() == 1 && (natural_exit < 0 || exits[0] > natural_exit || to_outer_header)) return exits[0];
    if (exits.empty() && for_loop && natural_exit >= 0)
      if (const int copied = copied_break_target(*loop, natural_exit); copied >= 0) return copied;
    if (exits.empty() && for_loop && natural_exit >= 0)
      if (const int end = except_star_loop_follow(block, natural_exit, region); end >= 0) return end;
    if (exits.empty() && for_loop && natural_exit >= 0)
      if (const int copy = break_clause_end_copy(*loop, natural_exit); copy >= 0) return copy;
    if (exits.empty() && natural_exit < 0)
      if (const int end = shared_return_after_endless_loop(block, *loop, region); end >= 0) return end;
    if (exits.empty() && natural_exit < 0)
      if (const int end = fallen_out_break_target(block, *loop); end >= 0) return end;
    if (exits.empty() && natural_exit < 0)
      if (const int end = dead_break_target(block, *loop); end >= 0) return end;
    if (exits.empty() && natural_exit < 0)
      if (const int end = break_line_marker_target(block, *loop); end >= 0) return end;
    // (3.14+: a `break` threaded into the conditional jump before it: that
    // jump goes out of the loop to the NOP of the break's line, kept where
    // the protection of a try around the loop ends there,
    // protected_break_nops.cpp.)
    // (3.10+: where that NOP lies outside the protection, or no try is
    // around, the IR drops it; the jump still says it went to a NOP.)
    if (exits.empty() && natural_exit < 0 && code_.version.minor >= 10) {
      int nop_exit = -1;
      for (const cfg::Block& b : graph_.blocks) {
        const ir::Instr& last = function_.instrs[b.last];
        if (!b.reachable || !loop->contains[b.id] || !is_conditional_jump(last.op)) continue;
        if (loop->contains[block_at(last.target)]) continue;
        if (function_.instrs[last.target].op != Op::Nop && !last.target_is_nop) continue;
        // (Not a try statement's NOP in the body: its handler gets back.)
        if (function_.instrs[last.target].op != Op::Nop && leads_back_into(*loop, block_at(last.target))) continue;
        if (nop_exit >= 0 && nop_exit != last.target) nop_exit = -2;
        if (nop_exit != -2) nop_exit = last.target;
      }
      if (nop_exit >= 0) return nop_exit;
    }
    if (exits.empty() && natural_exit < 0)
      if (const int end = unborrowed_break_target(block, *loop); end >= 0) return end;
    if (exits.empty() && natural_exit < 0)
      if (const int end = finally_break_follow(block, *loop, region.protection); end >= 0) return end;
    // (3.12+: the code after the loop where a break's jump was, the break's
    // line kept before it, dropped_break_jumps.cpp.)
    if (exits.empty() && natural_exit < 0)
      if (const int end = dropped_break_follow(block, *loop); end >= 0) return end;
    // (3.12+: after the POP_EXCEPT of a clause's break, clause_break_follow.hpp.)
    if (exits.empty() && natural_exit < 0)
      if (const int end = clause_break_follow(code_.version.minor, function_, graph_, *loop, block); end >= 0)
        return end;
    return natural_exit >= 0 ? natural_exit : (exits.empty() ? -1 : exits[0]);
  };

  if (const int end_async_for = async_for_handler(header); end_async_for >= 0)
    return decompile_async_for(block, end_async_for, follow_of(end_async_for + 1), region, stack, out);

  if (function_.instrs[header].op == Op::ForIter) {
    // The iterator stays below the loop body's values: `break` and `return`
    // inside the body pop it (≤3.11 spell that POP_TOP).
    if (stack.empty() || stack.back().kind != Value::Kind::Iterator) fail(header, "for loop without an iterator");
    Value iterator = stack.back();
    const int exit = function_.instrs[header].target;
    const int follow = follow_of(exit);
    const bool inline_comprehension = is_inline_comprehension(header, stack);
    if (inline_comprehension) stack[stack.size() - 2].accumulator = true;
    LoopContext context{header, follow, block, region.loop};
    context.natural = loop;
    context.exit = exit;
    context.final_continue = written_final_continue(header, exit);
    return finish_for_loop(header, header + 1, follow, exit, context, region, false, expr_of(iterator, header),
                           inline_comprehension, stack, out);
  }

  if (int follow = try_inverted_while_at_header(block, loop, region, stack, out); follow != -2) return follow;

  // `while cond:` tested at the top (3.8/3.9, and loops 3.10+ keeps that way).
  const cfg::Block& head = graph_.blocks[block];
  const ir::Instr& head_last = function_.instrs[head.last];
  if (is_conditional_jump(head_last.op) && is_pure_condition_block(block, stack, /*allow_loop_header=*/true)) {
    // The whole condition (`while a or b:` jumps into the body first) must
    // send one way out of the loop.
    const std::vector<char> visited_before = visited_;
    const auto globals_before = globals_.size();
    Stack condition_stack = stack;
    const Condition condition = trial_condition(head.first, head.last, condition_stack);
    bool body_is_true = condition.true_target == condition.next;
    int exit = body_is_true ? condition.false_target : condition.true_target;
    int body_start = condition.next;
    const int count = int(function_.instrs.size());
    // 3.14+ test a while loop at its top only; where the loop ends the
    // body of an outer one, its exit is the outer loop's jump back, which
    // the test falls into, and the test jumps into its own body instead
    // (`POP_JUMP_IF_TRUE body; JUMP_BACKWARD outer`).
    // (Only that jump: a test falling into other code outside the loop,
    // `if g(): return 1` first in `while True:`, is no loop test.)
    auto outer_jump_back = [&](int at) {
      const ir::Instr& jump = function_.instrs[at];
      return jump.op == Op::Jump && region.loop && region.loop->continues_at(jump.target);
    };
    if (code_.version.minor >= 14 && condition.expr && exit >= 0 && exit < count &&
        loop->contains[block_at(exit)] && condition.next < count && !loop->contains[block_at(condition.next)] &&
        outer_jump_back(condition.next) && leads_back_into(*loop, block_at(exit))) {
      std::swap(exit, body_start);
      body_is_true = !body_is_true;
    }
    const bool exit_leaves = condition.expr && exit >= 0 && exit < count && !loop->contains[block_at(exit)] &&
                             body_start < count && leads_back_into(*loop, block_at(body_start));
    if (!exit_leaves) {
      visited_ = visited_before;
      globals_.resize(globals_before);
    } else {
      const int follow = follow_of(exit);
      LoopContext context{header, follow, block, region.loop};
      context.natural = loop;
      context.exit = exit;
      context.explicit_continues = code_.version.minor >= 10;
      context.final_continue = written_final_continue(header, exit);
      context.dropped_breaks = dropped_break_copies(block, *loop, follow);
      ast::Body body;
      Stack body_stack = stack;
      if (body_start != header)
        walk_region(body_start, region.sub(header, block_at(body_start), &context), body_stack, body);
      ast::Body orelse;
      if (follow != exit && exit != region.stop) {
        Stack else_stack = stack;
        walk_region(exit, region.sub(follow, block_at(exit), region.loop), else_stack, orelse);
      }
      if (body.empty()) body.push_back(make::pass());
      emit(out, make::while_(condition_form(condition.expr, !body_is_true), body, orelse), header);
      return follow;
    }
  }

  // `while True:` (and anything else that only leaves by break or return).
  const int follow = follow_of(-1);
  LoopContext context{header, follow, block, region.loop};
  context.natural = loop;
  // (≤3.9: with no exit, the dead latch after a final `continue` follows
  // the loop's last reachable code.)
  int loop_end = -1;
  for (const cfg::Block& b : graph_.blocks)
    if (b.reachable && loop->contains[b.id]) loop_end = std::max(loop_end, b.last);
  context.final_continue = written_final_continue(header, loop_end + 2);
  context.dropped_breaks = dropped_break_copies(block, *loop, follow);
  if (follow >= 0 && follow == dropped_break_follow(block, *loop)) context.dropped_breaks.push_back(follow);
  ast::Body body;
  Stack body_stack = stack;
  walk_region(header, region.sub(header, block, &context), body_stack, body, /*enter_loop_header=*/true);
  if (body.empty()) body.push_back(make::pass());
  ast::ExprPtr test = infinite_loop_test(loop);
  if (ast::as<ast::Constant>(test)->value->kind == Constant::Kind::Bool) printed_while_true_ = true;
  emit(out, make::while_(test, body), header);
  return follow;
}

}  // namespace depyf::decompile
