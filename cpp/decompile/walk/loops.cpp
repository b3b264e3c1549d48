// Loops: for and while, their else clauses, and the inverted and endless
// forms the compiler lays a while loop out in, read from the CFG's natural
// loops. (Where a while loop's repeated test starts: loop_tests.cpp.)
#include <algorithm>
#include <map>
#include <tuple>

#include "code/error.hpp"
#include "decompile/generated/discarded_join_constants.hpp"
#include "decompile/idioms/clause_break_follow.hpp"
#include "decompile/idioms/threaded_break_continue.hpp"
#include "decompile/idioms/written_continue_jumps.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_conditional_jump;
using ir::Op;

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
// (3.10/3.11 do not copy it: there its line, past the lines of the code
// reaching it, says so.)
bool FunctionDecompiler::ends_in_shared_continue_jump(int then_start, int else_start, int then_stopped,
                                                      const Region& region) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 10 || !region.loop || then_start >= else_start || else_start < 2) return false;
  const int last = else_start - 1;
  if (code_.version.minor < 12) {
    if (graph_.blocks[block_at(last)].first != last) return false;
    std::vector<int> from;
    for (int p : graph_.blocks[block_at(last)].predecessors) from.push_back(graph_.blocks[p].last);
    if (!joined_continue_on_line_of_its_own(function_, code_.version.minor, last, from)) return false;
  }
  if (then_stopped < 0 || !region.loop->continues_at(then_stopped)) return false;
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
  // (3.13+: a break running its own copy of the end of the except clause
  // the loop ends, as the exit does: it leaves to the exit, not past it,
  // clause_end_break_copies.cpp.)
  auto clause_end_break = [&](const cfg::Block& b) {
    return while_break_clause_end_copy(b, graph_.blocks[header_block].first) >= 0 &&
           copied_clause_end(b.first, else_start);
  };
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
            last.target > else_start && !loop->contains[block_at(last.target)] && !clause_end_break(leaving))
          return last.target;
      }
    }
    if (const int past_else = with_break_past_else(*loop, header_block, else_start, normal); past_else >= 0)
      return past_else;
    // A `break` deeper in body code outside the natural loop: a try body
    // gets back to the header only through its handler, so the CFG leaves
    // the try, and the tests before it, out of the loop (`if a and b:
    // break` + `try: ... except E: x += 1 else: break`, + `else:` on the
    // loop; pyparsing SkipTo.parseImpl). Its jump past the else clause is
    // the follow, unless the else clause is a lone jump there.
    {
      const int count = int(function_.instrs.size());
      std::vector<char> seen(graph_.blocks.size(), 0);
      std::vector<int> work;
      for (const cfg::Block& b : graph_.blocks)
        if (loop->contains[b.id] && b.reachable && normal[b.id])
          for (int succ : b.successors) work.push_back(succ);
      int found = -1;
      while (!work.empty()) {
        const int id = work.back();
        work.pop_back();
        const cfg::Block& b = graph_.blocks[id];
        if (seen[id] || loop->contains[id] || !b.reachable || !normal[id] || b.first >= else_start ||
            !graph_.dominates(header_block, id))
          continue;
        seen[id] = 1;
        const ir::Instr& last = function_.instrs[b.last];
        if (clause_end_break(b)) continue;
        if (last.op == Op::Jump && last.target > else_start && last.target < count &&
            !loop->contains[block_at(last.target)]) {
          if (found >= 0 && found != last.target) return else_start;
          found = last.target;
          continue;
        }
        for (int succ : b.successors) work.push_back(succ);
      }
      if (found >= 0 && !is_lone_jump(else_start, found)) return found;
    }
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
  std::vector<int> first_load = first_constant_loads();
  // 3.14+ load small ints with LOAD_SMALL_INT and drop their constants,
  // but for co_consts[0], which the compiler always keeps: a small int
  // there that LOAD_SMALL_INT loads was added by that load (tomli
  // parse_inline_table: `pos += 1` before a `while True:`).
  if (code_.version.minor >= 14 && const_count > 0 && first_load[0] < 0 &&
      code_.consts[0]->kind == Constant::Kind::Int) {
    for (int i = 0; i < int(function_.instrs.size()) && first_load[0] < 0; ++i) {
      const ir::Instr& instr = function_.instrs[i];
      if (instr.op != Op::LoadConst || instr.arg < const_count) continue;
      const ConstantPtr implicit = function_.constant(instr.arg);
      if (implicit && implicit->kind == Constant::Kind::Int && implicit->text == code_.consts[0]->text)
        first_load[0] = i;
    }
  }
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
  int body_stopped = -1;
  Region body_region = region.sub(header, block_at(first), &context);
  body_region.stopped_at = &body_stopped;
  bool body_falls = walk_region(first, body_region, body_stack, body);
  // A body that stopped where it left a try's protection with the
  // iterator popped and a value in its place stopped in the middle of a
  // return: `try: for a in q: return a` leaves the RETURN_VALUE (all
  // versions; ≤3.10 after the try's POP_BLOCK) out of the protection; in
  // a with whose body always returns, the with's exit call of that return
  // was taken for the with's end (with_normal_exit).
  // (In a try/finally, the finally body's copy runs before the return:
  // finish_return reads past it, tried on copies of the walk's state.)
  if (body_falls && region.protection >= 0 && body_stopped >= 0 && body_stopped < int(function_.instrs.size()) &&
      !within_protection(body_stopped, region.protection) && body_stack.size() == stack.size() &&
      body_stack.back().kind == Value::Kind::Expr && stack.back().kind == Value::Kind::Iterator &&
      (region.with_handler < 0 || body_stopped == region.with_normal_exit)) {
    const std::vector<char> visited_before = visited_;
    const auto globals_before = globals_.size();
    const auto nonlocals_before = nonlocals_.size();
    Stack return_stack = body_stack;
    ast::Body return_body = body;
    int at = body_stopped;
    bool returned = false;
    try {
      returned = finish_return(at, body_region, return_stack, return_body);
    } catch (const Error&) {
      returned = false;
    }
    if (returned) {
      body = std::move(return_body);
      body_stack = std::move(return_stack);
      body_falls = false;
    } else {
      visited_ = visited_before;
      globals_.resize(globals_before);
      nonlocals_.resize(nonlocals_before);
    }
  }
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
      const bool lone_break_block = natural_exit < 0 && !loop->contains[b.id] && b.first == b.last &&
                                    graph_.dominates(block, b.id) && !below_nested_loop_header(b.id) &&
                                    !in_clause(b.id) &&
                                    std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
                                      // (3.13+ leave the lone jump of a break out of the protection
                                      // of a try around the whole loop.)
                                      return graph_.blocks[p].handler_block == b.handler_block ||
                                             (header_handler >= 0 && graph_.blocks[p].handler_block == header_handler &&
                                              code_.version.minor >= 13);
                                    });
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
      // (3.13+: a while loop's break running its own copy of the end of
      // the except clause the loop ends leaves the loop at that copy, not
      // where it jumps, clause_end_break_copies.cpp.)
      if (const int copy = for_loop ? -1 : while_break_clause_end_copy(b, header); copy >= 0) {
        candidates.emplace_back(b.id, copy);
        continue;
      }
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
    // (Such copies are one exit, the first; the natural exit where it runs
    // one too.)
    if (!for_loop && !exits.empty() &&
        std::all_of(exits.begin(), exits.end(), [&](int e) { return clause_end_copy_length(e) > 0; })) {
      const int first = *std::min_element(exits.begin(), exits.end());
      const int one = natural_exit >= 0 && clause_end_copy_length(natural_exit) > 0 ? natural_exit : first;
      if (std::all_of(exits.begin(), exits.end(), [&](int e) { return e == one || copied_clause_end(e, one); }))
        exits.assign(1, one);
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
    // (3.10/3.11: breaks each going to their own copy of the implicit
    // return, the natural exit running into another.)
    if (!exits.empty()) {
      const int copy = break_return_copy_follow(exits[0], natural_exit);
      if (copy >= 0 && std::all_of(exits.begin(), exits.end(),
                                   [&](int e) { return break_return_copy_follow(e, natural_exit) == copy; }))
        return copy;
    }
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
                             body_start < count && leads_back_into(*loop, block_at(body_start)) &&
                             !body_jumps_over_exit(*loop, exit, condition.blocks);
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
      } else if (follow != exit && follow >= 0 && region.loop && region.loop->continues_at(exit)) {
        // (The test leaves straight to the outer loop's header while a
        // break goes on to code after the loop, `while z: assert 1 <= x !=
        // b` (3.8/3.9: the raise outside the loop took for a break target):
        // the else that skips that code, going on with the outer loop.)
        orelse.push_back(make::continue_());
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
