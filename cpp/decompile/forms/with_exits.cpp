// The ways out of a with body. The compiler calls __exit__(None, None,
// None) on every path that leaves the body normally: where the body falls
// through, and before each `return` (and break/continue) inside it, each
// with its own copy of the call. Only one of those exits is the end of the
// with statement; the others are part of a statement in the body.
#include <algorithm>
#include <span>

#include "code/error.hpp"
#include "decompile/forms/await_sequence.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

// The length of the normal exit call starting at `at`, 0 if there is none:
// LOAD_CONST None; (LOAD_CONST None | DUP_TOP) x2; CALL; POP_TOP from 3.9,
// BEGIN_FINALLY; WITH_CLEANUP_START; WITH_CLEANUP_FINISH; then
// END_FINALLY (the fall-through) or POP_FINALLY (return/break) in 3.8.
// Past `async with`'s await of __aexit__'s result at `at` (GET_AWAITABLE;
// LOAD_CONST None; YIELD_FROM and the NOPs of a folded send loop), or `at`
// itself when there is none.
int FunctionDecompiler::past_exit_await(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const int sent = awaited_value_sent(function_, at);
  if (at < 0 || sent + 1 >= count || instrs[at].op != Op::GetAwaitable || instrs[sent].op != Op::LoadConst ||
      instrs[sent + 1].op != Op::YieldFrom)
    return at;
  int end = sent + 2;
  while (end < count && (instrs[end].op == Op::Nop || instrs[end].op == Op::CleanupThrow)) ++end;
  return end;
}

int FunctionDecompiler::with_exit_call_length(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (at < 0 || at + 3 >= count) return 0;
  if (code_.version.minor == 8) {
    const int finish = past_exit_await(at + 2);
    const bool call = instrs[at].op == Op::BeginFinally && instrs[at + 1].op == Op::WithCleanupStart &&
                      finish + 1 < count && instrs[finish].op == Op::WithCleanupFinish &&
                      (instrs[finish + 1].op == Op::EndFinally || instrs[finish + 1].op == Op::PopFinally);
    return call ? finish + 2 - at : 0;
  }
  if (at + 4 >= count) return 0;
  auto none_argument = [&](int i) { return instrs[i].op == Op::Copy ? instrs[i].arg == 1 : loads_none(i); };
  const int drop = past_exit_await(at + 4);
  const bool call = instrs[at].op == Op::LoadConst && none_argument(at) && none_argument(at + 1) &&
                    none_argument(at + 2) && instrs[at + 3].op == Op::Call && drop < count &&
                    instrs[drop].op == Op::PopTop;
  return call ? drop + 1 - at : 0;
}

// Past the exit calls (of nested withs too) starting at `at`.
int FunctionDecompiler::past_with_exit_calls(int at) const {
  for (int n; at >= 0 && (n = with_exit_call_length(at)) > 0;) at += n;
  return at;
}

// Whether the exit at `at` is the way out of a `return` inside the body:
// (a value moved below the exit slots,) exit calls (of nested withs too),
// then the return of that value or of a constant loaded after the calls.
bool FunctionDecompiler::returns_through_with_exit(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  int i = at;
  bool value_below = false;
  // (3.14+ move it below two slots per with: SWAP 3; SWAP 2.)
  while (i < count && (instrs[i].op == Op::Swap || instrs[i].op == Op::Rotate)) {
    value_below = true;
    ++i;
  }
  int calls = 0;
  for (int n; (n = with_exit_call_length(i)) > 0; i += n) {
    if (code_.version.minor == 8 && instrs[i + n - 1].op != Op::PopFinally) return false;
    ++calls;
    // A nested with's exit first: POP_BLOCK (≤3.10) and a ROT_TWO for a value.
    while (i + n < count && (instrs[i + n].op == Op::PopBlock ||
                             (value_below && (instrs[i + n].op == Op::Swap || instrs[i + n].op == Op::Rotate))))
      ++n;
  }
  if (calls == 0 || i >= count) return false;
  // (A return from a for loop around the with, inside the function's own
  // code, drops each loop's iterator after the calls, the value moved
  // below it first. A break whose loop is followed by `return None` has a
  // copy of it here, and compiles alike.)
  while (i + 1 < count &&
         (instrs[i].op == Op::PopTop ||
          (value_below && (instrs[i].op == Op::Swap || instrs[i].op == Op::Rotate) && instrs[i + 1].op == Op::PopTop)))
    i += instrs[i].op == Op::PopTop ? 1 : 2;
  if (instrs[i].op == Op::ReturnValue) return value_below;
  return !value_below && instrs[i].op == Op::LoadConst && i + 1 < count && instrs[i + 1].op == Op::ReturnValue;
}

// Where normal flow leaves the code `handler` protects, starting from the
// body at `start`: the first instruction of each block entered from it.
std::vector<int> FunctionDecompiler::protected_body_exits(int start, int handler) const {
  std::vector<int> exits;
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{block_at(start)};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block]) continue;
    seen[block] = 1;
    for (int succ : graph_.blocks[block].successors) {
      const int first = graph_.blocks[succ].first;
      if (within_protection(first, handler) || jumps_back_into(first, handler))
        work.push_back(succ);
      else
        exits.push_back(first);
    }
  }
  std::sort(exits.begin(), exits.end());
  exits.erase(std::unique(exits.begin(), exits.end()), exits.end());
  return exits;
}

// Where the with's exit handler goes on when __exit__ suppressed the
// exception: the code after the with statement (or, 3.11+, a copy of it).
// After POP_JUMP_IF_TRUE, the handler drops the exception values (POP_TOP,
// POP_EXCEPT); -1 when the handler does not look like that.
int FunctionDecompiler::with_suppressed_continuation(int handler) const {
  const int resume = with_suppressed_resume(handler);
  return resume >= 0 ? resolve_jumps(resume) : -1;
}

// The first instruction after the exit handler's cleanup on the path where
// __exit__ suppressed the exception (a jump to the code after the with, or
// that code); -1 when the handler does not look like that. (3.8: past
// WITH_CLEANUP_START/FINISH and END_FINALLY, which goes on when it is.)
int FunctionDecompiler::with_suppressed_resume(int handler) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor == 8) {
    int i = handler;
    if (i >= count || instrs[i].op != Op::WithCleanupStart) return -1;
    i = past_exit_await(i + 1);
    if (i + 1 >= count || instrs[i].op != Op::WithCleanupFinish || instrs[i + 1].op != Op::EndFinally) return -1;
    return i + 2 < count ? i + 2 : -1;
  }
  int i = handler_body_start(handler);
  if (i >= count || instrs[i].op != Op::WithExceptStart) return -1;
  i = past_exit_await(i + 1);
  if (i >= count || instrs[i].op != Op::PopJumpIfTrue) return -1;
  // Then the exception (three values ≤3.10, one 3.11+) goes, the handler
  // ends (POP_EXCEPT) and the exit function goes (3.11+ with the bound
  // __enter__ result's slot). Anything more is the code after the with: a
  // POP_EXCEPT there ends an except clause the with ends.
  static constexpr Op kCleanupUpTo310[] = {Op::PopTop, Op::PopTop, Op::PopTop, Op::PopExcept, Op::PopTop};
  static constexpr Op kCleanupFrom311[] = {Op::PopTop, Op::PopExcept, Op::PopTop, Op::PopTop};
  // (3.14+: the exit function's self slot too.)
  static constexpr Op kCleanupFrom314[] = {Op::PopTop, Op::PopExcept, Op::PopTop, Op::PopTop, Op::PopTop};
  const std::span<const Op> cleanup = code_.version.minor <= 10   ? std::span<const Op>(kCleanupUpTo310)
                                      : code_.version.minor <= 13 ? std::span<const Op>(kCleanupFrom311)
                                                                  : std::span<const Op>(kCleanupFrom314);
  i = instrs[i].target;
  for (const Op op : cleanup) {
    if (i < 0 || i >= count || instrs[i].op != op) return -1;
    ++i;
  }
  return i < count ? i : -1;
}

// The exit of a with body that ends the with statement: the one that goes
// on where the exit handler goes on after suppressing an exception (the
// code after the with, or a copy of it); -1 when no exit does (the body
// always returns). Without that evidence, the only exit that is not a
// `return`, or the last one when all are; -2 when nothing tells (the
// first exit is taken then).
int FunctionDecompiler::with_normal_exit(int start, int handler) const {
  const std::vector<int> exits = protected_body_exits(start, handler);
  if (code_.version.minor >= 9) {
    if (const int after = with_suppressed_continuation(handler); after >= 0) {
      int normal = -1;
      // (3.10+ a bare `return` in the body leaves a NOP with its line (the IR
      // keeps it as the next instruction's nop_line; 3.10 that of the
      // protected POP_BLOCK before the exit), then the exit call and
      // `return None`, which looks like the body's end running on into the
      // implicit return: an exit entered only from such a NOP is that
      // return. A body falling off its end after `if c: pass` jumps to its
      // exit call too.)
      auto after_return_nop = [&](int exit) {
        if (code_.version.minor < 10 || exit < 2) return false;
        const int marked = function_.instrs[exit - 1].op == Op::PopBlock ? exit - 1 : exit;
        const int line = function_.instrs[marked].nop_line;
        return line > 0 && function_.instrs[marked - 1].line != line && function_.instrs[marked].line != line &&
               falls_only_into(marked) && returns_through_with_exit(exit);
      };
      for (int exit : exits) {
        const int n = with_exit_call_length(exit);
        if (n == 0 || after_return_nop(exit)) continue;
        const int next = resolve_jumps(exit + n);
        // (Dynamo's resume functions: the exit of a re-entered with running
        // on into the cleanup that its handler's suppressing path reaches.)
        // (3.14 test a while loop at its top: a with ending the body and
        // its suppressing path both jump back to the header.)
        const bool both_to_header = code_.version.minor >= 14 && function_.instrs[after].op == Op::Jump &&
                                    next == resolve_jumps(after) && next < exit;
        if (next == after || both_to_header || tail_copy_length(next, after, 1) > 0 ||
            same_resume_cleanup(next, after))
          normal = exit;
      }
      if (normal >= 0 || exits.empty()) return normal;
      // No exit goes on after the with: the body always returns. A
      // `return value` there stops the walk of the body with the value on
      // the stack (finished by the caller); a constant is loaded after.
      for (int exit : exits)
        if (function_.instrs[exit].op == Op::Swap || function_.instrs[exit].op == Op::Rotate) return exit;
      return -1;
    }
  }
  // (3.8 end the exit of a return, break or continue with POP_FINALLY,
  // the normal one with END_FINALLY.)
  auto pops_finally = [&](int exit) {
    const int n = with_exit_call_length(exit);
    return code_.version.minor == 8 && n > 0 && function_.instrs[exit + n - 1].op == Op::PopFinally;
  };
  std::vector<int> others;
  for (int exit : exits)
    if (!returns_through_with_exit(exit) && !pops_finally(exit)) others.push_back(exit);
  if (others.size() == 1) return others[0];
  if (!others.empty() || exits.empty()) return -2;
  return code_.version.minor == 8 ? -1 : exits.back();
}

// Whether the with body's exit call at `exit` (where its walk stopped)
// leaves the except clause around the with (POP_EXCEPT) for somewhere
// other than where the exit handler goes after suppressing an exception
// (its own POP_EXCEPT, then the code after the try). Then it is the way
// out of a `break`/`continue` ending the body (`except E: with x: ...;
// break` in a loop, 3.8+), not the with's end: reading it as the end
// drops that statement or moves it after the with.
bool FunctionDecompiler::leaves_clause_elsewhere(int exit, int handler) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const int next = past_with_exit_calls(exit);
  const int after = code_.version.minor == 8 ? with_suppressed_resume(handler) : with_suppressed_continuation(handler);
  if (next == exit || next + 1 >= count || after < 0 || after + 1 >= count || next == after) return false;
  if (instrs[next].op != Op::PopExcept || instrs[after].op != Op::PopExcept) return false;
  // (3.10+ may give both their own copy of a short returning tail; 3.13
  // of the clause's end, the jump back to a loop's header, after the
  // unbinding of `except E as name`.)
  const int mine = resolve_jumps(next + 1), theirs = resolve_jumps(after + 1);
  if (mine == theirs || same_code_to_exit(mine, theirs) > 0) return false;
  auto past_unbinding = [&](int at) {
    const bool unbinds = at + 2 < count && loads_none(at) && is_name_store(instrs[at + 1].op) &&
                         is_name_delete(instrs[at + 2].op) && instrs[at + 1].name == instrs[at + 2].name;
    return unbinds ? at + 3 : at;
  };
  const int my_jump = past_unbinding(mine), their_jump = past_unbinding(theirs);
  const bool same_unbinding =
      my_jump - mine == their_jump - theirs && (my_jump == mine || instrs[mine + 1].name == instrs[theirs + 1].name);
  return !(same_unbinding && same_continuation(my_jump, their_jump) > 0 && instrs[my_jump].op == Op::Jump);
}

// The break/continue that leaves such a body: the exit call(s), the
// clause's POP_EXCEPT, then the loop's jump (a for loop's break dropping
// the iterator first). Appended to `body`; false when it is not that.
bool FunctionDecompiler::read_clause_leaving_jump(int exit, const Region& region, ast::Body& body) {
  const auto& instrs = function_.instrs;
  const int next = past_with_exit_calls(exit);
  if (region.loop == nullptr || instrs[next].op != Op::PopExcept) return false;
  // (3.10+: a for loop's break may run its own copy of the short code
  // after the loop instead of jumping there.)
  const int jump = loop_exit_jump(next + 1, region);
  if (jump < 0) return false;
  for (int k = exit; k <= jump; ++k) visited_[k] = 1;
  if (body.size() == 1 && ast::as<ast::Pass>(body.back())) body.clear();
  emit(body, loop_exit_statement(jump, region), jump);
  return true;
}

bool FunctionDecompiler::continues_elsewhere(const ast::Body& body, int next) const {
  if (body.empty()) return false;
  for (const auto& [stmt, at] : continues_at_) {
    if (stmt != body.back()) continue;
    const int resolved = resolve_jumps(next);
    return at != resolved && tail_copy_length(at, resolved, 1) == 0;
  }
  return false;
}

// A path inside a with body that leaves it at `at` by the exit call of a
// `return`: finishes the return statement (true), or false when `at` is
// not such an exit.
bool FunctionDecompiler::return_through_with_exit(int& at, const Region& region, Stack& stack, ast::Body& out) {
  if (region.with_handler < 0 || at == region.with_normal_exit || within_protection(at, region.with_handler) ||
      !returns_through_with_exit(at))
    return false;
  if (!finish_return(at, region, stack, out)) fail(at, "unrecognised return from a with body");
  return true;
}

// Whether the straight-line code from `a` and from `b` does the same up
// to the same jump or a return, lines aside (a copy of a clause's end:
// POP_EXCEPT, then the loop's jump; of a short returning tail).
bool FunctionDecompiler::goes_on_alike(int a, int b) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (a < 0 || b < 0 || a == b) return a >= 0 && a == b;
  for (int k = 0; k < 8 && a + k < count && b + k < count; ++k) {
    const ir::Instr& x = instrs[a + k];
    const ir::Instr& y = instrs[b + k];
    if (!same_op(x.op, y.op)) return false;
    if (x.op == Op::Jump) return resolve_jumps(x.target) == resolve_jumps(y.target);
    if (x.arg != y.arg || x.name != y.name) return false;
    if (x.op == Op::ReturnValue) return true;
    if (x.target >= 0) return false;
  }
  return false;
}

// A path inside a with body that leaves it at `at` by the exit call of a
// `break`/`continue` (the exit call, then the loop's jump) that is not the
// with's end: the exit handler goes on elsewhere after suppressing an
// exception (`with cm: f(); continue` + `g()` in a loop: a suppressed
// exception runs g()). Emits the statement (true); false when `at` is not
// such an exit. Reading it as the with's end would move the statement
// after the with, where it also runs after a suppressed exception.
bool FunctionDecompiler::loop_jump_through_with_exit(int at, const Region& region, const Stack& stack, ast::Body& out) {
  if (region.with_handler < 0 || at == region.with_normal_exit || region.loop == nullptr ||
      with_exit_call_length(at) == 0)
    return false;
  auto [statement, length] = branch_loop_jump(at, region, stack.size(), stack);
  if (!statement) return false;
  // (3.13 give the normal exit of a with ending an except clause its own
  // copy of the clause's end, POP_EXCEPT and the loop's jump: where the
  // suppressed path goes on the same way, it is the with's end.)
  const int next = past_with_exit_calls(at);
  if (code_.version.minor >= 13 && function_.instrs[next].op == Op::PopExcept &&
      goes_on_alike(next, with_suppressed_continuation(region.with_handler)))
    return false;
  for (int k = 0; k < length; ++k) visited_[at + k] = 1;
  emit(out, statement, at);
  return true;
}

}  // namespace depyf::decompile
