// with statements: the context expression, the `as` target, the body under
// the handler that calls __exit__ with the exception, and its cleanup. The
// exits on the way out of the body: forms/with_exits.cpp.
#include <algorithm>
#include <set>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_name_delete;
using ir::is_name_store;
using ir::Op;

int FunctionDecompiler::decompile_with(int index, const Region& region, Stack& stack, ast::Body& out) {
  const auto& instrs = function_.instrs;
  visited_[index] = 1;
  ast::ExprPtr context = pop_expr(stack, index);
  Value exit_slot;
  exit_slot.kind = Value::Kind::WithExit;
  // (3.14+ keep __exit__ and its self: two slots.)
  for (int k = 0; k < with_exit_slots(); ++k) stack.push_back(exit_slot);
  // async with awaits __aenter__(); ≤3.10 then set up the exit block.
  const bool is_async = instrs[index].op == Op::BeforeAsyncWith;
  int setup = index;  // ≤3.10: the SETUP_* whose target is the exit handler
  int p = index + 1;
  if (is_async) {
    p = skip_await(p);
    if (p < 0) fail(index, "async with without its awaited __aenter__");
    if (code_.version.minor <= 10) {
      if (p >= int(instrs.size()) || instrs[p].op != Op::SetupAsyncWith) fail(p, "async with without its setup");
      visited_[p] = 1;
      setup = p++;
    }
  }
  // The value of __enter__ is stored (`as target`) or dropped.
  const int enter_value_at = p;  // 3.11+: the store (or POP_TOP) of that value
  ast::ExprPtr target;
  if (p < int(instrs.size()) && instrs[p].op == Op::PopTop) {
    visited_[p++] = 1;
  } else {
    std::shared_ptr<AssignmentGroup> group;
    stack.push_back(Value::single_target(group));
    ast::Body none;
    while (group->filled == 0 && p < int(instrs.size())) {
      if (instrs[p].target >= 0) fail(p, "unrecognised with target");
      simulate(p++, stack, none);
    }
    target = group->targets[0];
    if (!none.empty()) fail(index, "unrecognised with target");
  }
  if (p >= int(instrs.size())) fail(index, "with statement without a body");
  const bool legacy = code_.version.minor <= 10;
  // 3.11+: the store of __enter__'s value is protected by the exit
  // handler; the body's first instruction may already be in a nested try
  // (the NOP that starts it is dropped).
  const int handler = legacy || enter_value_at >= int(instrs.size()) ? instrs[p].handler : instrs[enter_value_at].handler;
  if (handler < 0 || handler == region.protection ||
      (legacy ? handler != instrs[setup].target : instrs[handler].op != Op::PushExcInfo))
    fail(p, "with body that is not protected by its exit handler");
  int normal_exit = with_normal_exit(p, handler);
  // (Dynamo's resume functions: a with re-entered by the prologue, whose
  // suppressed exceptions go elsewhere than its body's end; the exit found
  // when none goes on there is a return's.)
  ResumeSuppression resumed = resume_prologue_suppression(handler, region);
  if (resumed != ResumeSuppression::None && (normal_exit == -1 || returns_through_with_exit(normal_exit)))
    normal_exit = resume_with_normal_exit(p, handler);
  const int body_end = normal_exit == -2 ? first_outside(p, handler) : normal_exit;
  Region body_region = region.sub(body_end, block_at(p), region.loop);
  body_region.protection = handler;
  body_region.with_handler = handler;
  body_region.with_normal_exit = body_end;
  body_region.clause_depth = -1;
  body_region.clause_ends = nullptr;
  ast::Body body;
  Stack body_stack = stack;
  int body_stopped = -1;  // where the body left the protected code (an if's branch may leave later)
  body_region.stopped_at = &body_stopped;
  bool falls = walk_region(p, body_region, body_stack, body);
  const int e = falls && body_stopped > body_end ? body_stopped : body_end;
  if (falls && leaves_clause_elsewhere(body_stopped, handler)) {
    if (!read_clause_leaving_jump(body_stopped, region, body))
      fail(body_stopped, "with body leaving its except clause by a break/continue");
    falls = false;
  }
  if (falls) falls = !finish_return_after(e, body_region, stack.size(), body_stack, body);
  // (Compiled code ends a with body with the stack it began with. Generated
  // code leaving a value there would lose it: the code after the with goes
  // on with the stack from before the body.)
  if (falls && body_stack.size() != stack.size()) fail(e, "with body leaving values on the stack");
  // No exit of the body was found to go on where the exit handler goes
  // after suppressing an exception, yet the body falls off its end: unless
  // the code after that exit call is a copy of where the handler goes on,
  // it is no code after the with (3.12+: a while loop's `break` running a
  // copy of the code after the loop). Taking it as the with's end would
  // run it after a suppressed exception too.
  if (const int after = with_suppressed_continuation(handler);
      falls && normal_exit == -1 && code_.version.minor >= 9 && after >= 0) {
    const int next = resolve_jumps(e + with_exit_call_length(e));
    if (!goes_on_alike(next, after) && !same_resume_cleanup(next, after)) {
      if (!with_break_into_follow(e, region, body)) fail(e, "with body leaving by an exit that is not understood");
      falls = false;
    }
  }
  // (A re-entered with whose body never falls through, or falls into the
  // cleanup where its suppressed path goes too, is an ordinary one: that
  // cleanup is the code after it.)
  if (!falls || same_resume_cleanup(resolve_jumps(e + with_exit_call_length(e)), with_suppressed_continuation(handler)))
    resumed = ResumeSuppression::None;
  std::string completion_flag;
  if (resumed != ResumeSuppression::None) {
    completion_flag = new_completion_flag();
    emit(out, make::assign(make::name(completion_flag, ast::ExprContext::Store), make::boolean(false)), index);
    set_completion_flag_at_end(body, completion_flag, e);
  }
  if (body.empty()) body.push_back(make::pass());
  // A body that never falls through still goes on after the with when
  // __exit__ suppresses an exception: that code is the with's own follow.
  // (Where that code lies past the end of the try statement around the
  // with, the walk of the try body stops there: the with ends the body,
  // which goes on past the try.)
  int suppressed_resume = falls ? -1 : with_suppressed_resume(handler);
  // (A body that falls through only where a with nested in it suppresses
  // what its own body raises (`with a, b: raise E`) has no normal path
  // from the with's start: the handler's code runs on into the code after
  // the with, which is no handler code (≤3.10: marked as such, the code
  // after the with was lost: `return` after it in a try/finally, difftest
  // 24000:34026, 25000:6197, 24000:53542.)
  int keep = suppressed_resume;
  if (falls && legacy && e >= 0 && e < int(instrs.size())) {
    if (code_.version.minor == 8) {
      const int finish = is_async ? skip_await(e + 2) : e + 2;
      if (finish >= 0) keep = finish + 2;
    } else {
      const int drop = is_async ? skip_await(e + 4) : e + 4;
      // (The normal exit jumps over the handler to the code after the
      // with, where the handler's code runs on too.)
      if (drop >= 0) keep = resolve_jumps(drop + 1);
    }
  }
  mark_handler_code_visited(handler, index, keep);
  // (3.12+ jump from the protected cleanup to the try body's own jump out.)
  while (suppressed_resume >= 0 && region.protection >= 0 && instrs[suppressed_resume].op == Op::Jump &&
         within_protection(suppressed_resume, region.protection) &&
         !within_protection(resolve_jumps(suppressed_resume), region.protection)) {
    visited_[suppressed_resume] = 1;
    suppressed_resume = instrs[suppressed_resume].target;
  }
  stack.resize(stack.size() - with_exit_slots());  // the exit slots
  // ≤3.9 leave the normal exit of a body that never falls through in
  // place, dead, unless the body ends in a return (whose block it then
  // shares): the body ended in a compound statement.
  if (!falls && code_.version.minor <= 9 && handler >= 1 && !graph_.blocks[block_at(handler - 1)].reachable &&
      (instrs[handler - 1].op == Op::Jump || instrs[handler - 1].op == Op::BeginFinally))
    restore_final_else(body);
  std::vector<ast::WithItem> items{make::with_item(context, target)};
  merge_nested_with(items, body, is_async, instrs[index].line);
  if (is_async) {
    emit(out, make::async_with(std::move(items), body), index);
  } else {
    emit(out, make::with(std::move(items), body), index);
  }
  if (!falls) {
    // 3.8 keep the cleanup (WITH_CLEANUP_START/FINISH; END_FINALLY) and
    // what the compiler put after the with statement, reached or not.
    const int after_cleanup = handler + 3;
    if (code_.version.minor == 8 && after_cleanup < int(instrs.size()) && instrs[after_cleanup].op == Op::Jump &&
        !graph_.blocks[block_at(after_cleanup)].reachable && instrs[after_cleanup].target > after_cleanup)
      continues_at_.emplace_back(out.back(), instrs[after_cleanup].target);
    if (const int after = with_suppressed_continuation(handler); after >= 0 && code_.version.minor >= 9)
      continues_at_.emplace_back(out.back(), after);
    return suppressed_resume;
  }
  if (code_.version.minor == 8) {
    // BEGIN_FINALLY falls into the shared exit: WITH_CLEANUP_START/FINISH; END_FINALLY.
    // async with awaits __aexit__() between the two.
    const int finish = is_async ? skip_await(e + 2) : e + 2;
    if (finish < 0 || finish + 1 >= int(instrs.size()) || instrs[e].op != Op::BeginFinally ||
        instrs[e + 1].op != Op::WithCleanupStart || instrs[finish].op != Op::WithCleanupFinish ||
        instrs[finish + 1].op != Op::EndFinally)
      fail(e, "with statement without its normal exit");
    visited_[e] = visited_[e + 1] = visited_[finish] = visited_[finish + 1] = 1;
    return finish + 2;
  }
  // The normal exit: __exit__(None, None, None) and drop its result.
  // (async with: and await its result.)
  const int drop = is_async ? skip_await(e + 4) : e + 4;
  if (drop < 0 || drop >= int(instrs.size()) || instrs[e].op != Op::LoadConst || instrs[e + 3].op != Op::Call ||
      instrs[drop].op != Op::PopTop)
    fail(e, "with statement without its normal exit call");
  for (int k = 0; k < 4; ++k) visited_[e + k] = 1;
  visited_[drop] = 1;
  if (resumed != ResumeSuppression::None)
    return finish_resume_with(resumed, completion_flag, drop + 1, region, stack, out);
  // 3.10 give each branch of an if ending the body its own copy of the
  // exit call and of a short returning tail after the with; the walk of
  // such a branch stopped where its copy begins.
  if (code_.version.minor == 10) {
    for (int exit : protected_body_exits(p, handler)) {
      if (exit == e || visited_[exit] || with_exit_call_length(exit) == 0) continue;
      if (const int n = exit_copy_length(exit, e); n > 0)
        for (int k = 0; k < n; ++k) visited_[exit + k] = 1;
    }
  }
  // 3.10 give the normal exit its own copy of a short returning tail after
  // the with when the suppressing exit handler falls into that tail, shared
  // with other code (`if c: with ...: ...` + `return x`): the copy is the
  // code after the with, not part of the with's branch.
  if (const int after = with_suppressed_continuation(handler);
      code_.version.minor == 10 && after > drop + 1 && !visited_[after]) {
    if (const int n = exit_copy_length(drop + 1, after); n > 0) {
      for (int k = 0; k < n; ++k) visited_[drop + 1 + k] = 1;
      continues_at_.emplace_back(out.back(), after);
      return -1;
    }
  }
  return drop + 1;
}

}  // namespace depyf::decompile
