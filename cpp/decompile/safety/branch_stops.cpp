// Every version: a branch of an if that falls through, but stopped where
// it leaves the except clause it is in (its POP_EXCEPT) or the protected
// code of a try body, while the walk goes on after the if at a place that
// is never reached from there. Read as one if statement, the code there
// would run after that branch too. The compiler makes this from a
// conditional expression tested as a condition that is not read as one:
// `if (a if b else c): X` + `elif d: Y` at the end of an except clause,
// its parts on lines of their own: b's branches test a and c, X is where
// both go when true, the clause's end where d goes when false, and the
// inner if read from a's test goes on at X; in a with body (or a try
// body, ≤3.9) the false side leaves by the body's normal exit while X
// returns through the exit call. Refused rather than read as X running
// after every branch (difftest 9100:872 and 9100:694, every version).
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

bool FunctionDecompiler::branch_skips_code_at_continue(bool falls, int stopped, int continue_at,
                                                       const Region& region) const {
  const int count = int(function_.instrs.size());
  if (!falls || stopped < 0 || stopped >= count || continue_at < 0 || continue_at >= count || stopped == continue_at)
    return false;
  auto leaves = [&](int at) {
    if (region.clause_depth >= 0 && function_.instrs[at].op == Op::PopExcept) return true;
    return region.protection >= 0 && !within_protection(at, region.protection);
  };
  if (!leaves(stopped)) return false;
  // (Bookkeeping without effect up to the place the branch left is no code.)
  auto past_bookkeeping = [&](int at) {
    while (at < count && (function_.instrs[at].op == Op::Nop || function_.instrs[at].op == Op::PopBlock)) ++at;
    return at;
  };
  const int code = past_bookkeeping(continue_at), left = past_bookkeeping(stopped);
  if (code >= count || left >= count || code == left || function_.instrs[code].op == Op::PopExcept) return false;
  // (Nor a jump to where the branch left: the other branch's way out.)
  if (resolve_jumps(code) == resolve_jumps(left)) return false;
  // (Nor is a copy of the code where the if goes on: 3.10+ copy short exits,
  // with exits and all, into each branch, the implicit return on the line
  // of the code before it.)
  if (exit_copy_length(left, code) > 0 || code_copy_length(left, code) > 0) return false;
  // (≤3.10: the branch leaves the clause by its POP_EXCEPT (and name
  // unbinding) and a jump to the code after the try, while the walk goes
  // on past that code: the code in between (a loop after the try, whose
  // exit the branches seemed to meet at) would be skipped. `except E as
  // e: if not c: return` + `while d: ...`: the if went on at the implicit
  // `return None` after the loop, read into the clause (difftest
  // 24000:46358).)
  if (code_.version.minor <= 10 && region.clause_depth >= 0 && function_.instrs[left].op == Op::PopExcept) {
    const int exit = after_name_unbinding(left + 1, region.clause_name);
    if (exit < count && function_.instrs[exit].op == Op::Jump) {
      const int goes_on = resolve_jumps(exit);
      if (goes_on >= 0 && goes_on < code && !visited_[goes_on]) return true;
    }
  }
  return !reachable_without_exceptions(block_at(stopped))[block_at(continue_at)];
}

// 3.8: a branch that starts at the END_FINALLY closing the finally body it
// is in, where the if does not end: the jump skips the rest of the finally
// body, which no statement can say (there is no `break` out of a finally
// body). Walked, the branch is empty and does not fall through, so it read
// as an empty branch and the skipped code as running after the if. The
// compiler makes this from a conditional expression tested as a condition
// (`assert (p and q) if y else r, a` in a finally body: the passing tests
// jump past the assertion's raise straight to END_FINALLY). Refused
// (difftest 24000:3570).
void FunctionDecompiler::refuse_silent_finally_exit(bool falls, const ast::Body& body, int start, int join) const {
  const int count = int(function_.instrs.size());
  // (Only where the if ends before that END_FINALLY, with code between:
  // `if c: return x` ending the finally body jumps there too.)
  if (falls || !body.empty() || start < 0 || start >= count || join < 0 || join >= start) return;
  if (function_.instrs[start].op != Op::EndFinally) return;
  fail(start, "a branch that skips the rest of a finally body (a conditional expression tested as a condition)");
}

// 3.8: a branch whose walk jumped to the END_FINALLY closing the finally
// body it is in (a `break` out of a while loop in the finally body, the
// loop read as an if because its jump back is dead) while the if meets
// elsewhere (not running into it: the code after `if c: return` ending
// the finally body): walked, the branch does not fall through, so the other
// branch's code was read as running after the if, after this branch too
// (`while c: X; break` + `else: raise E` in a finally body read as
// `if c: X` + `raise E`). Refused (difftest 24000:5996).
void FunctionDecompiler::refuse_branch_into_finally_end(bool falls, int arrivals_before, int start, int join,
                                                        const Region& region) const {
  if (falls || finally_end_arrivals_ == arrivals_before || region.finally_end < 0 || join == region.finally_end ||
      start == region.finally_end)
    return;
  fail(start, "a branch that runs into its finally body's END_FINALLY where the if does not end");
}

}  // namespace depyf::decompile
