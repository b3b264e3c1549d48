// If statements and asserts: the two branches of a condition walked as regions,
// with the join, the else clause, and the continue or break that ends a branch
// as the CFG shows them. (The condition itself: conditions.cpp.)
#include <algorithm>
#include <map>
#include <tuple>

#include "code/error.hpp"
#include "decompile/generated/discarded_join_constants.hpp"
#include "decompile/idioms/written_continue_jumps.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_conditional_jump;
using ir::Op;

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
  // 3.13+ give each branch of an if ending an except clause its own copy
  // of the clause's end (POP_EXCEPT, then the jump past the try): where
  // they all meet is the code after the try, outside the clause. The if
  // ends with the clause, each branch at its copy.
  if (code_.version.minor >= 13 && region.clause_depth >= 0 && join >= 0 && join != region.stop &&
      join < int(function_.instrs.size()) && reached_only_leaving_clauses(join, region.clause_name))
    join = region.stop;
  // `if c: pass` + `else: return` ending an except clause: the first
  // branch jumps to the clause's end (3.13+ is its own copy), the only way
  // to the code after the try. It never runs on into the second branch, so
  // that is no code after the if: the if ends the clause.
  if (region.clause_depth >= 0 && join == else_start && then_start < else_start && else_start != region.stop) {
    const int left_to = clause_leaving_target(else_start - 1, region.clause_name);
    if (left_to >= 0 && reached_only_leaving_clauses(left_to, region.clause_name) &&
        !(region.loop && (region.loop->continues_at(left_to) || left_to == region.loop->follow)))
      join = region.stop;
  }
  // ≤3.9 keep the jump over the else clause after a branch that ends in a
  // raise (only a return's is dropped), or in a compound statement whose
  // end was a jump target: dead, it still says that there was an else
  // clause, and where it ends (dead_else_markers.cpp).
  bool dead_jump_over_else = false;
  int dead_target = dead_jump_over_else_target(then_start, else_start);
  if (dead_target > else_start && branch_passes_dead_target(then_start, dead_target, region)) dead_target = -1;
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
  } else if (dead_target >= 0 && region.loop && region.loop->continues_at(dead_target) &&
             dead_jump_is_written_continue(then_start, else_start, region)) {
    // (A `continue` ending the first branch: the rest of the body follows.)
    join = else_start;
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
      (std::find(merged_condition_exits_.begin(), merged_condition_exits_.end(), then_start) !=
           merged_condition_exits_.end() ||
       (then_is_true ? (region.protection >= 0 && !within_protection(then_start, region.protection)) ||
                           (late_latch_jump(then_start) &&
                            std::none_of(stack.begin(), stack.end(), [](const Value& v) { return v.accumulator; }))
        : region.protection >= 0
            ? !within_protection(then_start, region.protection)
            : !written_latch_jump(then_start) ||
                  std::any_of(stack.begin(), stack.end(), [](const Value& v) { return v.accumulator; })));
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
    // (3.8: a return leaving shared finally bodies drops the None pushed
    // for each (POP_FINALLY 0; POP_TOP) before the constant is loaded:
    // `finally: if c: return` inside an enclosing try, difftest 25000:6090.)
    bool finally_nones_dropped = code_.version.minor == 8 && region.finally_end >= 0 && branch_stack.size() < base &&
                                 at > 0 && at <= int(function_.instrs.size());
    for (std::size_t k = branch_stack.size(); finally_nones_dropped && k < base; ++k)
      if (stack[k].kind != Value::Kind::Expr || !is_none_constant(stack[k].expr)) finally_nones_dropped = false;
    if (finally_nones_dropped) {
      int pops = 0;
      for (int k = std::max(0, at - 2 * int(base - branch_stack.size()) - 8); k < at; ++k)
        if (function_.instrs[k].op == Op::PopFinally && function_.instrs[k].arg == 0 && visited_[k]) ++pops;
      finally_nones_dropped = pops == int(base - branch_stack.size());
    }
    const bool same_stack = branch_stack.size() == base || finally_nones_dropped;
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
  const int arrivals_before_then = finally_end_arrivals_;
  bool then_falls = branch(then_start, then_stack, then_body);
  refuse_silent_finally_exit(then_falls, then_body, then_start, join);
  refuse_branch_into_finally_end(then_falls, arrivals_before_then, then_start, join, region);
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
  const int arrivals_before_else = finally_end_arrivals_;
  bool else_falls = branch(else_start, else_stack, else_body);
  refuse_silent_finally_exit(else_falls, else_body, else_start, join);
  refuse_branch_into_finally_end(else_falls, arrivals_before_else, else_start, join, region);
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
  // (The same where the other branch does not fall, for a while loop that
  // ends an except* clause's body: a branch stopping at a copy of the
  // clause's end is the loop's `break` (3.13+ `if c: break` as the body's
  // last statement). Read as falling on there, the break would be lost and
  // the loop would never end.)
  if (then_falls != else_falls && region.loop && except_star_clause_.cleanup >= 0) {
    const bool then_only = then_falls;
    const int at = then_only ? then_stopped : else_stopped;
    Stack& branch_stack = then_only ? then_stack : else_stack;
    ast::Body& body = then_only ? then_body : else_body;
    const bool while_loop = function_.instrs[graph_.blocks[region.loop->header_block].first].op != Op::ForIter;
    if (while_loop && branch_stack.size() == stack.size())
      if (const int n = except_star_clause_end_copy(at, region); n > 0) {
        for (int k = 0; k < n; ++k) visited_[at + k] = 1;
        emit(body, make::break_(), at);
        (then_only ? then_falls : else_falls) = false;
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
  if (branch_skips_code_at_continue(then_falls, then_stopped, continue_at, region) ||
      branch_skips_code_at_continue(else_falls, else_stopped, continue_at, region))
    fail(index, "a branch of the if leaves the except clause or try body, never reaching where the if goes on");

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
  // ≤3.9 `if not a < b < c: continue`: the chain's jump into the first
  // branch (past the cleanup of its middle operand) goes to that
  // `continue`, or was threaded through it straight back to the loop's
  // start. As `if ...: pass` and an else clause the branch would jump
  // forward over the else clause instead (dateutil _iterinfo.rebuild).
  // (Read from the chain's jump, or from the `continue` it goes to.)
  if (code_.version.minor <= 9 && region.loop && then_falls && then_body.empty()) {
    const auto& instrs = function_.instrs;
    auto jumps_back = [&](int at) { return instrs[at].op == Op::Jump && region.loop->continues_at(instrs[at].target); };
    auto chain_jump_to = [&](int at, int to) {
      return instrs[at].op == Op::Jump && (instrs[at].target == to || region.loop->continues_at(instrs[at].target)) &&
             instrs[at + 1].op == Op::PopTop;
    };
    int written = -1;
    if (then_start + 3 == else_start && chain_jump_to(then_start, then_start + 2) && jumps_back(then_start + 2))
      written = then_start + 2;
    else if (then_start + 1 == else_start && then_start >= 2 && chain_jump_to(then_start - 2, then_start) &&
             jumps_back(then_start))
      written = then_start;
    if (written >= 0) {
      emit(then_body, make::continue_(), written);
      then_falls = false;
    }
  }
  // ≤3.9 thread a jump over an else clause to the loop's closing jump on
  // to the loop's start only where the new target fits the jump's argument:
  // a first branch ending in a jump back that needed an EXTENDED_ARG, right
  // after its last statement (not the end of an inner if's branch), was a
  // written `continue` (pycparser LexerReflect.validate_rules).
  if (code_.version.minor <= 9 && region.loop && then_falls && then_start < else_start && else_start >= 1) {
    const int last = else_start - 1;
    const ir::Instr& jump = function_.instrs[last];
    if (jump.op == Op::Jump && region.loop->continues_at(jump.target) && jump.target < last && visited_[last] &&
        graph_.blocks[block_at(last)].reachable && graph_.blocks[block_at(last)].first < last &&
        has_extended_arg(last) && !then_body.empty() && !ast::as<ast::Continue>(then_body.back())) {
      emit(then_body, make::continue_(), last);
      then_falls = false;
    }
  }
  // `if c: pass` with an else compiles its empty branch to a jump over the
  // else; negating c would drop that jump.
  const bool explicit_empty_then = then_falls && then_start != join && then_start < int(function_.instrs.size()) &&
                                   function_.instrs[then_start].op == Op::Jump &&
                                   function_.instrs[then_start].target == join && !jumps_over_latch &&
                                   !(inverted_backward_jump(code_, function_.instrs[then_start], then_start) &&
                                     !(region.loop && region.loop->continues_at(join)));
  // (Ending an except clause, its jump goes to the clause's end, past the
  // else: ≤3.12 `if c: pass` + `else: return`.)
  const bool empty_then_leaving_clause = then_falls && region.clause_depth >= 0 && then_start + 1 == else_start &&
                                         clause_leaving_target(then_start, region.clause_name) >= 0;
  // 3.13 copy the end of an except clause into each branch: an empty first
  // branch holding such a copy, laid out before the other, was written
  // `if c: pass` (`if not c: X` would put X first).
  const bool copied_empty_then = code_.version.minor >= 13 && then_falls && then_start != join &&
                                 then_start < else_start && clause_end(then_stopped) && !jumps_over_latch;
  bool turned_round = false;
  if (then_body.empty() && !else_body.empty() && !explicit_empty_then && !copied_empty_then &&
      !empty_then_leaving_clause) {
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
  // A test that jumps straight back to the loop's start (its jump threaded
  // through the `continue` written after the if) and a first branch that
  // runs on into that `continue`: the if and then the `continue`, not a
  // `continue` in the branch and one more after the if (that is one jump
  // back more: sqlparse OutputPythonFilter._process, ≤3.9).
  if (!then_falls && then_body.size() >= 2 && ast::as<ast::Continue>(then_body.back()) && else_body.size() == 1 &&
      ast::as<ast::Continue>(else_body[0]) && region.loop && region.loop->continues_at(else_start) && !turned_round) {
    else_body = {then_body.back()};
    then_body.pop_back();
    return then_rest_after(make::if_(test, then_body, {}));
  }
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
  if (getenv("DEPYF_DBG"))
    fprintf(stderr, "if@%d then=%d else=%d join=%d stop=%d cont=%d tf=%d ef=%d ts=%d es=%d\n", index, then_start,
            else_start, join, region.stop, continue_at, then_falls, else_falls, then_stopped, else_stopped);
  emit(out, make::if_(test, then_body, else_body), index);
  stack = then_falls ? then_stack : else_stack;
  if (!then_falls && !else_falls) return -1;
  return continue_at;
}

// Whether the code at `at` is only reached by jumps that leave an except
// clause (each right after its POP_EXCEPT and the unbinding of the
// clause's name, if any): code after the try, never inside the clause.
bool FunctionDecompiler::reached_only_leaving_clauses(int at, const std::string& clause_name) const {
  const cfg::Block& block = graph_.blocks[block_at(at)];
  if (block.first != at) return false;
  // (Dead code counts for nothing: ≤3.10 the jump over the clauses after a
  // try body that always raises.)
  bool reached = false;
  const bool only_leaving = std::all_of(block.predecessors.begin(), block.predecessors.end(), [&](int p) {
    const cfg::Block& from = graph_.blocks[p];
    if (!from.reachable) return true;
    reached = true;
    if (from.last <= from.first || function_.instrs[from.last].op != Op::Jump ||
        function_.instrs[from.last].target != at)
      return false;
    return pop_except_before(from.last, from.first, clause_name) >= 0;
  });
  return only_leaving && reached;
}

// The POP_EXCEPT right before the jump at `jump` (the unbinding of the
// clause's name between them, if any), not before `first`; -1 when none.
int FunctionDecompiler::pop_except_before(int jump, int first, const std::string& clause_name) const {
  const int unbinding = jump - 3;
  const int pop_except = unbinding >= first && unbinds_name_at(unbinding, clause_name) ? unbinding - 1 : jump - 1;
  return pop_except >= first && function_.instrs[pop_except].op == Op::PopExcept ? pop_except : -1;
}

// Where the jump at `jump` leaves an except clause to, right after the
// clause's POP_EXCEPT (and the unbinding of its name), or by way of such a
// block of its own; -1 when it does not leave the clause there.
int FunctionDecompiler::clause_leaving_target(int jump, const std::string& clause_name) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (jump < 0 || jump >= count || instrs[jump].op != Op::Jump) return -1;
  if (pop_except_before(jump, 0, clause_name) >= 0) return instrs[jump].target;
  int to = instrs[jump].target;
  // (≤3.10 leave the try/finally that unbinds the name first.)
  while (code_.version.minor <= 10 && to >= 0 && to < count && instrs[to].op == Op::PopBlock) ++to;
  if (to < 0 || to >= count || instrs[to].op != Op::PopExcept) return -1;
  const int next = after_name_unbinding(to + 1, clause_name);
  return next < count && instrs[next].op == Op::Jump ? instrs[next].target : -1;
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

}  // namespace depyf::decompile
