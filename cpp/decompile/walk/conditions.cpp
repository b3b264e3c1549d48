// Conditions: a run of conditional jumps read back as one boolean expression
// (and/or/not, chained comparisons), where its two branches join, and and/or
// used as values. The statements built on them: if_statements.cpp, loops.cpp.
#include <algorithm>
#include <map>
#include <tuple>

#include "code/error.hpp"
#include "decompile/generated/discarded_join_constants.hpp"
#include "decompile/idioms/break_after_if.hpp"
#include "decompile/idioms/empty_branch_tests.hpp"
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
      // (3.13+ leave the lone jump of a break that the branches meet at
      // out of the protection of a try around the loop.)
      const bool break_jump = code_.version.minor >= 13 && region.loop && region.loop->follow >= 0 &&
                              is_lone_jump(instr, region.loop->follow);
      return !(branch_head && !shared && (last == Op::RaiseVarargs || last == Op::Reraise)) &&
             (inside_loop_body(instr, region) || break_jump);
    }
    return inside(instr, region) || leaves_protection_at(instr, region);
  };
  // (A loop that is never left but through an exception, after the if:
  // the post-dominators, which only see normal exits, name a block past
  // it, such as the handler. The branches meet at its start, where the
  // test jumps to and the other branch runs on into: `try: if c: x` +
  // `while 1: ...`, ≤3.10.)
  {
    const int jumped = condition.true_target == condition.next ? condition.false_target : condition.true_target;
    if (post >= 0 && jumped > condition.next && jumped < int(function_.instrs.size()) &&
        graph_.blocks[post].first > jumped) {
      int header = block_at(jumped);
      const cfg::Block& start = graph_.blocks[header];
      if (!graph_.loop_headed_by(header) && start.successors.size() == 1 &&
          start.last + 1 < int(function_.instrs.size()) && start.successors[0] == block_at(start.last + 1))
        header = start.successors[0];
      const cfg::Loop* loop = graph_.loop_headed_by(header);
      const bool endless =
          loop && !loop->contains[first_block] &&
          std::none_of(graph_.blocks.begin(), graph_.blocks.end(), [&](const cfg::Block& b) {
            return b.reachable && loop->contains[b.id] &&
                   std::any_of(b.successors.begin(), b.successors.end(), [&](int s) { return !loop->contains[s]; });
          });
      if (endless && reachable_without_exceptions(block_at(condition.next))[block_at(jumped)] &&
          usable(block_at(jumped)))
        return jumped;
    }
  }
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
  // (So is `else: continue` or `else: break`, a lone jump of the loop,
  // where the first branch jumps over it to more of the loop's body.)
  auto loop_jump = [&](int at) {
    const int over_target = function_.instrs[at - 1].target;
    return region.loop && natural_loop && is_lone_jump(at, -1) &&
           (region.loop->continues_at(function_.instrs[at].target) ||
            function_.instrs[at].target == region.loop->follow) &&
           over_target >= 0 && over_target < int(function_.instrs.size()) &&
           natural_loop->contains[block_at(over_target)];
  };
  if (const int late = std::max(condition.true_target, condition.false_target),
      early = std::min(condition.true_target, condition.false_target);
      late > early && late - 1 >= early) {
    const ir::Instr& over = function_.instrs[late - 1];
    if (over.op == Op::Jump && over.target > late && over.target < int(function_.instrs.size()) &&
        (graph_.ipdom[block_at(late)] < 0 || leaves_in_place_before(block_at(late), block_at(over.target)) ||
         loop_jump(late)) &&
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
  // (Not in a comprehension's filter, which the comprehension's reader
  // builds from its `continue`s, comprehensions.cpp.)
  const bool reads_inverted_exits =
      !comprehension_mode_ && std::none_of(stack.begin(), stack.end(), [](const Value& v) { return v.accumulator; });
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
      case Op::PopJumpIfNotNone:
        // (3.12+ turned a jump back to a loop's header round over a
        // JUMP_BACKWARD of its own: the test read as the compiler wrote
        // it, jumping to that exit, inverted_backward_jumps.cpp.)
        if (reads_inverted_exits && jump.target == at + 2 && inverted_condition_exit(at + 1)) {
          c.expr =
              make::compare(tested, jump.op == Op::PopJumpIfNone ? ast::CmpOp::Is : ast::CmpOp::IsNot, make::none());
          c.true_target = jump.target;
          c.false_target = at + 1;
          break;
        }
        if (jump.op == Op::PopJumpIfNotNone) {
          c.expr = make::compare(tested, ast::CmpOp::Is, make::none());
          c.true_target = at + 1;
          c.false_target = jump.target;
          break;
        }
        c.expr = make::compare(tested, ast::CmpOp::IsNot, make::none());
        c.true_target = at + 1;
        c.false_target = jump.target;
        break;
      default: break;
    }
    return c;
  };
  std::vector<int> chain_blocks;
  const bool chained = function_.instrs[index].op == Op::PopJumpIfFalse && !stack.empty() &&
                       is_chain_link(index, stack.back().expr, Stack(stack.begin(), stack.end() - 1));
  Condition chain = chained ? read_chained_condition(index, stack, chain_blocks) : one_jump(index, stack);
  chain.first_block = block_at(index);
  if (!chained) chain_blocks.push_back(chain.first_block);
  // (Its test may itself be one, `if (a if (b if g else h) else c):`.)
  if (!chained)
    while (extend_to_ternary_condition(chain, chain_blocks, stack)) {
    }
  // A conditional expression whose test is an and/or or a chained
  // comparison, `if (b if g and h else a):`, is tried once that test is
  // read whole (ternary_conditions.cpp).
  std::size_t blocks_tried = chained ? 0 : chain_blocks.size();
  auto extend_again = [&] {
    if (chain_blocks.size() <= blocks_tried) return false;
    blocks_tried = chain_blocks.size();
    return extend_to_ternary_condition(chain, chain_blocks, stack);
  };
  // (3.12+ give the operand of an or that falls into the exit the chain
  // jumps to its own copy of it: that copy is where the condition goes,
  // `c or d`, `not c or d` (difftest 9100:1818) and `c or not d`, d
  // falling into its false side. Left to the other copy, the code d falls
  // into would be read as the other branch.)
  auto take_fallen_into_copy = [&](Condition& chain, int fallen_into) {
    if (fallen_into != chain.next || chain.true_target == fallen_into) return;
    const int n = returns_none_at(chain.true_target) ? 2 : exit_copy_length(chain.true_target, fallen_into);
    for (int k = 0; k < n; ++k) visited_[chain.true_target + k] = 1;
    chain.true_target = fallen_into;
  };
  do {
    while (chain.next < int(function_.instrs.size())) {
      // (3.12+: past the turned-round exit of the chain's last jump, the
      // condition goes on at that jump's target, inverted_backward_jumps.cpp.)
      int next = chain.next;
      if (reads_inverted_exits && (chain.true_target == next || chain.false_target == next) &&
          inverted_condition_exit(next) && (chain.true_target == next + 1 || chain.false_target == next + 1))
        ++next;
      const int block = block_at(next);
      const cfg::Block& b = graph_.blocks[block];
      if (b.first != next) break;
      const bool preds_in_chain = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
        return std::find(chain_blocks.begin(), chain_blocks.end(), p) != chain_blocks.end();
      });
      if (!preds_in_chain) break;
      // A test under another handler than the first test's is a statement
      // of its own, every version: the two tests of
      //     if not a:
      //         try:
      //             if not b: g()
      //         except E: ...
      // jump to one target from consecutive blocks, as `if not (a or b):`
      // does; only the protection tells them apart, and read as one
      // condition b would leave the try body (its exceptions escaping the
      // except clause). Likewise a test after the body's end.
      if (b.handler_block != graph_.blocks[chain.first_block].handler_block) break;
      // (An operand that is a chained comparison is read whole, below.)
      const bool pure = is_pure_condition_block(block, stack);
      const bool chain_operand = !pure && is_pure_condition_block(block, stack, false, /*allow_chain_start=*/true);
      if (!pure && !chain_operand) break;
      if (starts_inverted_while_test(b.first, index)) break;
      // Peek at the next jump's exits before committing.
      const ir::Instr& last = function_.instrs[b.last];
      int t2, f2;
      // (An `is None` test turned round over its exit reads as written,
      // jumping to that exit: one_jump.)
      const bool inverted_none_test = reads_inverted_exits &&
                                      (last.op == Op::PopJumpIfNone || last.op == Op::PopJumpIfNotNone) &&
                                      last.target == b.last + 2 && inverted_condition_exit(b.last + 1);
      if (last.op == Op::PopJumpIfTrue || inverted_none_test) {
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
        if (chain.true_target == next && same_exit(chain.false_target, f2))
          kind = 1;  // c and d
        else if (chain.true_target == next && same_exit(chain.false_target, t2))
          kind = 2;  // not c or d
        else if (chain.false_target == next && same_exit(chain.true_target, t2))
          kind = 3;  // c or d
        else if (chain.false_target == next && same_exit(chain.true_target, f2))
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
          if (chain.true_target == next && same_exit(chain.false_target, d.false_target))
            kind = 1;
          else if (chain.true_target == next && same_exit(chain.false_target, d.true_target))
            kind = 2;
          else if (chain.false_target == next && same_exit(chain.true_target, d.true_target))
            kind = 3;
          else if (chain.false_target == next && same_exit(chain.true_target, d.false_target))
            kind = 4;
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
          break;
        case 4:
          chain.expr = or_(chain.expr, negate_plainly(d.expr));
          chain.false_target = d.true_target;
          break;
      }
      chain.next = d.next;
      // (Of turned-round exits that are one, the condition falls into its
      // last: the earlier copies are read with it.)
      for (int* target : {&chain.true_target, &chain.false_target})
        if (same_inverted_condition_exit(*target, chain.next)) {
          visited_[*target] = 1;
          *target = chain.next;
          merged_condition_exits_.push_back(chain.next);
        }
      if (kind == 2 || kind == 3) take_fallen_into_copy(chain, d.true_target);
      if (kind == 4) take_fallen_into_copy(chain, d.false_target);
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
  ast::ExprPtr value = is_and ? and_(left, right) : or_(left, right);
  // (The jump carries the line where the and/or starts, which may be
  // before its first operand's: `(\n a and b) or c`, print/line_breaks.hpp.)
  value->lineno = jump.line;
  stack.push_back(Value::of(value));
  return end;
}

}  // namespace depyf::decompile
