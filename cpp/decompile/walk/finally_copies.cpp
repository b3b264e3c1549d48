// Ways out of protected code: a `return` inside a try or with body finished
// through the bookkeeping that follows it, and the copies of finally bodies
// the compiler places on each way out (matched against the handler's copy,
// which ends re-raising, so each is read once as the finally clause).
#include <algorithm>
#include <set>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_name_delete;
using ir::is_name_store;
using ir::Op;

// `return value` inside a try or with body: the compiler ends the
// protection before the return, so the walk of the body stops with the
// value still on the stack. What follows is bookkeeping (the with's
// __exit__ call, a finally copy, POP_BLOCK/POP_EXCEPT, stack shuffles)
// and then RETURN_VALUE: finish the statement inside the body.
bool FunctionDecompiler::finish_return(int& i, const Region& body_region, Stack& stack, ast::Body& body) {
  const auto& instrs = function_.instrs;
  for (int steps = 0; steps < 64 && i < int(instrs.size()); ++steps) {
    // Copies of the finally bodies on the way out, innermost first.
    if (skip_branching_finally_copy(i, body_region)) continue;
    const Op op = instrs[i].op;
    switch (op) {
      case Op::ReturnValue:
        visited_[i] = 1;
        emit(body, return_statement(class_return_value(pop_expr(stack, i), body)), i);
        ++i;
        return true;
      case Op::Rotate:
        // ≤3.10, leaving an except clause too: ROT_FOUR moves the value
        // below the previous exception (not modelled), POP_EXCEPT drops it.
        if (code_.version.minor <= 10 && instrs[i].arg == 4 && i + 1 < int(instrs.size()) &&
            instrs[i + 1].op == Op::PopExcept) {
          visited_[i++] = 1;
          break;
        }
        [[fallthrough]];
      case Op::Swap:
      case Op::LoadConst:
      case Op::Copy:
      case Op::PopTop:
      case Op::Call:
      case Op::GetAwaitable:  // awaiting __aexit__() leaving an async with
      case Op::YieldFrom:
      case Op::Nop: {
        ast::Body none;
        simulate(i, stack, none);
        if (!none.empty()) return false;
        ++i;
        break;
      }
      case Op::CallFinally:
        claim_called_name_unbinding(i, body_region.clause_name);
        visited_[i++] = 1;
        break;
      case Op::PopBlock:
      case Op::WithCleanupFinish:
      case Op::PopFinally: visited_[i++] = 1; break;
      case Op::WithCleanupStart:
        if (stack.empty() || stack.back().kind != Value::Kind::WithExit) return false;
        stack.pop_back();
        visited_[i++] = 1;
        break;
      case Op::BeginFinally:
        // 3.8: the with's exit runs before the return: the whole exit
        // sequence (async with awaits it), or piece by piece.
        if (!skip_legacy_with_exit(i, stack)) visited_[i++] = 1;
        break;
      case Op::PopExcept:
        visited_[i] = 1;
        if (code_.version.minor >= 11) pop(stack, i);
        i = skip_name_unbinding(i + 1, body_region.clause_name);
        break;
      default:
        return false;
    }
  }
  return false;
}

// Past the POP_BLOCKs and the enclosing finally bodies (innermost first;
// copies of them, 3.8: CALL_FINALLY) that run from `at` on the way out
// of a try.
int FunctionDecompiler::past_finally_copies(int at, const Region& region, bool through_branching) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  for (int n = -1; n != 0;) {
    while (at < count && instrs[at].op == Op::PopBlock) ++at;
    n = at < count && instrs[at].op == Op::CallFinally ? 1 : finally_copy_length(at, region);
    at += n;
    if (n == 0 && through_branching && at < count) {
      // (A copy with branches, each going on into its own copy of the rest.)
      if (const int next = past_branching_finally_copy(at, region); next != at) {
        at = next;
        n = -1;
      }
    }
  }
  return at;
}

// Where a copy at `at` of an enclosing finally body with branches goes on
// (its first path's continuation, the others' being the same code); `at`
// when there is no such copy. `covered`, when given, receives the copy and
// the other paths' duplicates of the continuation.
int FunctionDecompiler::past_branching_finally_copy(int at, const Region& region, std::vector<int>* covered) const {
  const FinallyBody innermost{region.finally_start, region.finally_length, region.outer_finally};
  for (const FinallyBody* f = &innermost; f != nullptr; f = f->outer) {
    if (f->length <= 0) continue;
    std::vector<int> copy, continuations;
    // (What protects the try statement protects its handler's entry, 3.11+
    // PUSH_EXC_INFO: the finally body may itself start with a try.)
    const int entry = code_.version.minor >= 11 && f->start > 0 ? f->start - 1 : f->start;
    if (!match_finally_copy(f->start, at, function_.instrs[entry].handler, copy, continuations) ||
        continuations.empty())
      continue;
    for (std::size_t c = 1; c < continuations.size(); ++c) {
      const int n = same_continuation(continuations[c], continuations[0]);
      if (n == 0) return at;
      if (covered)
        for (int k = 0; k < n; ++k) covered->push_back(continuations[c] + k);
    }
    if (covered) covered->insert(covered->end(), copy.begin(), copy.end());
    return continuations[0];
  }
  return at;
}

// A copy of an enclosing finally body at `at`, innermost first. With
// branches (`finally: if f: f.close()`), its paths may each go on into
// their own copy of the rest of the return (3.12+ duplicate the
// RETURN_VALUE): marks the copy and those duplicates decompiled and moves
// `at` to the first path's continuation; false when there is no copy.
bool FunctionDecompiler::skip_branching_finally_copy(int& at, const Region& region) {
  std::vector<int> covered;
  const int next = past_branching_finally_copy(at, region, &covered);
  if (next == at) return false;
  for (int k : covered) visited_[k] = 1;
  at = next;
  return true;
}

// Whether the code at `at` (a clause's) runs an enclosing finally body
// (after POP_BLOCKs) and returns by a statement of its own. 3.10+ copy an
// exit block of at most four instructions into each jump to it, lines and
// all, so a short finally body and return may be a copy of the code after
// the try; a longer one is the clause's own `return`.
bool FunctionDecompiler::runs_finally_copy(int at, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  while (at < count && instrs[at].op == Op::PopBlock) ++at;
  if (past_finally_copies(at, region) == at) return false;
  if (code_.version.minor <= 9) return true;
  constexpr int kMaxCopiedExit = 4;  // MAX_COPY_SIZE in CPython's flowgraph.c
  int instructions = 0;
  for (int i = at; i < count && instructions <= kMaxCopiedExit; ++i) {
    // (IR instructions from one bytecode instruction share its offset.)
    if (i == at || instrs[i].offset != instrs[i - 1].offset) ++instructions;
    const Op op = instrs[i].op;
    if (op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise || instrs[i].target >= 0) break;
  }
  return instructions > kMaxCopiedExit;
}

// The length of the copy of an enclosing finally body (the innermost
// that matches) at `at`, 0 when there is none.
int FunctionDecompiler::finally_copy_length(int at, const Region& region) const {
  const FinallyBody innermost{region.finally_start, region.finally_length, region.outer_finally};
  for (const FinallyBody* f = &innermost; f != nullptr; f = f->outer) {
    if (f->length <= 0 || at + f->length >= int(function_.instrs.size())) continue;
    // (Its jumps go to the same places in it: a copy whose branches go on
    // into copies of their own is read by skip_branching_finally_copy.)
    bool copy = true;
    for (int k = 0; k < f->length && copy; ++k) {
      const ir::Instr& instr = function_.instrs[at + k];
      copy = same_instruction_at(at + k, f->start + k) &&
             (instr.target < 0 || instr.target - at == function_.instrs[f->start + k].target - f->start);
    }
    if (copy) return f->length;
  }
  return 0;
}

// How long the code at `copy` repeats the code at `original` up to a
// return: exit_copy_length, plus (3.12+) the implicit `return None`, whose
// copies take the line of whatever precedes them.
int FunctionDecompiler::tail_copy_length(int copy, int original, int evidence) const {
  // (≤3.9 copy no code after a try into a clause: a clause's `return`
  // is written there, even where the code after the try, the implicit
  // return taking the clause's last line, looks the same.)
  if (code_.version.minor <= 9) return 0;
  if (const int n = exit_copy_length(copy, original); n > 0) return n;
  // Only 3.12+ copy the implicit return into clauses this way.
  if (code_.version.minor < 12) return 0;
  // An explicit `return` there is the same code: the order the compiler
  // met the names in says whether the code after the body was an else
  // clause (`evidence` 1) or came after the try (0); without it, an
  // explicit return usually has a line of its own.
  const bool copied = evidence == 1 || (evidence < 0 && is_implicit_return_copy(copy + 1));
  return copy != original && returns_none_at(copy) && returns_none_at(original) && copied ? 2 : 0;
}

// Whether two instructions do the same (a jump's target aside: copies
// jump within themselves).
bool FunctionDecompiler::same_instruction_at(int a, int b) const {
  const ir::Instr& x = function_.instrs[a];
  const ir::Instr& y = function_.instrs[b];
  return same_op(x.op, y.op) && (x.target >= 0 || x.arg == y.arg) && x.arg2 == y.arg2 && x.extra == y.extra &&
         x.name == y.name && (x.target >= 0) == (y.target >= 0);
}

// (3.12+ choose LOAD_FAST or LOAD_FAST_CHECK per copy, by whether the
// variable is surely bound there: one load for the source.)
bool FunctionDecompiler::same_op(Op a, Op b) {
  auto fast = [](Op op) { return op == Op::LoadFast || op == Op::LoadFastCheck; };
  return a == b || (fast(a) && fast(b));
}

// The length of the straight-line code from `copy` that repeats the code
// from `original` up to a return or raise, lines aside; 0 when it does not.
int FunctionDecompiler::same_code_to_exit(int copy, int original) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  for (int n = 0; copy + n < count && original + n < count && n < 64; ++n) {
    const ir::Instr& x = instrs[copy + n];
    const ir::Instr& y = instrs[original + n];
    if (x.op != y.op || x.arg != y.arg || x.arg2 != y.arg2 || x.extra != y.extra || x.name != y.name ||
        x.handler != y.handler || x.target >= 0 || y.target >= 0)
      return 0;
    if (x.op == Op::ReturnValue || x.op == Op::RaiseVarargs || x.op == Op::Reraise) return n + 1;
  }
  return 0;
}

// The conditional jump testing the other way round.
static Op reversed_test(Op op) {
  switch (op) {
    case Op::PopJumpIfFalse: return Op::PopJumpIfTrue;
    case Op::PopJumpIfTrue: return Op::PopJumpIfFalse;
    case Op::PopJumpIfNone: return Op::PopJumpIfNotNone;
    case Op::PopJumpIfNotNone: return Op::PopJumpIfNone;
    default: return Op::Nop;
  }
}

// Where two paths of a finally body's normal copy go on: the same code to
// an exit, or (3.10+) the same jump, such as a loop's jump back to its header
// where the try statement ended the loop's body and each path got a copy.
int FunctionDecompiler::same_continuation(int copy, int original) const {
  if (const int n = same_code_to_exit(copy, original); n > 0) return n;
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 10 || copy == original || copy < 0 || original < 0 || copy >= int(instrs.size()) ||
      original >= int(instrs.size()))
    return 0;
  const ir::Instr& x = instrs[copy];
  const ir::Instr& y = instrs[original];
  return x.op == Op::Jump && y.op == Op::Jump && x.target == y.target && x.handler == y.handler ? 1 : 0;
}

bool names_from_co_names(Op op) {
  switch (op) {
    case Op::LoadName: case Op::LoadGlobal: case Op::LoadAttr: case Op::LoadMethod: case Op::LoadSuperAttr:
    case Op::StoreName: case Op::StoreGlobal: case Op::StoreAttr: case Op::DeleteName: case Op::DeleteGlobal:
    case Op::DeleteAttr: case Op::ImportName: case Op::ImportFrom:
      return true;
    default:
      return false;
  }
}

// The first instruction of `code`, in order, that uses a name of co_names
// none of `shared` uses; -1 when there is none.
int FunctionDecompiler::first_name_in_order(const std::vector<int>& code, const std::vector<int>& shared) const {
  const auto& instrs = function_.instrs;
  for (int i : code) {
    if (!names_from_co_names(instrs[i].op) || instrs[i].name.empty()) continue;
    const bool elsewhere = std::any_of(shared.begin(), shared.end(), [&](int k) {
      return names_from_co_names(instrs[k].op) && instrs[k].name == instrs[i].name;
    });
    if (!elsewhere) return i;
  }
  return -1;
}

// The compiler writes a try's else clause before its except clauses and
// the code after the try statement after them, and co_names records names
// in the order they are first met. 1: the code in [else_start, else_end)
// meets a new name before the clauses in [clauses_start, clauses_end) do;
// 0: after them; -1: no name tells.
int FunctionDecompiler::else_compiled_first(int else_start, int else_end, int clauses_start, int clauses_end) const {
  const int count = int(function_.instrs.size());
  auto range = [&](int from, int to) {
    std::vector<int> code;
    for (int i = std::max(from, 0); i < std::min(to, count); ++i) code.push_back(i);
    return code;
  };
  const std::vector<int> clauses = range(clauses_start, clauses_end);
  // (A name the code before the try, or anywhere else, uses too may have
  // been met first there: only names of the two alone tell. Code already
  // decompiled between the body and the clauses, such as an earlier try's
  // handler, 3.12+, was compiled before either.)
  std::vector<int> orelse, body;
  for (int i = 0; i < count; ++i) {
    if (i >= clauses_start && i < clauses_end) continue;
    (i >= else_start && i < else_end && !visited_[i] ? orelse : body).push_back(i);
  }
  const int in_else = first_own_use(orelse, clauses, body).name;
  const int in_clauses = first_own_use(clauses, orelse, body).name;
  // (Where the else clause has no names of its own, one it shares with
  // the clauses still tells: the clauses' code meets a name of their own
  // first (`except E:`), so had they been compiled first, that name would
  // come before every name of the else clause. `else: matches.append(x)`
  // after `except E as e: fatals.append(e)`.)
  if (in_else < 0 && in_clauses >= 0) {
    const int clauses_first = first_name_in_order(clauses, body);
    if (clauses_first >= 0) {
      const int any_else = first_own_use(orelse, {}, body).name;
      const int own_first = first_own_use({clauses_first}, orelse, body).name;
      if (any_else >= 0 && own_first >= 0 && any_else < own_first) return 1;
    }
  }
  if (in_else < 0 || in_clauses < 0 || in_else == in_clauses) return -1;
  return in_else < in_clauses ? 1 : 0;
}

// A protected body that "fell through" with a value still on the stack
// stopped in the middle of a `return value`: finish it (true), or fail.
bool FunctionDecompiler::finish_return_after(int body_end, const Region& body_region, std::size_t base,
                                             Stack& body_stack, ast::Body& body) {
  if (body_stack.size() <= base) return false;
  int i = body_end;
  if (!finish_return(i, body_region, body_stack, body)) fail(body_end, "protected body leaves values on the stack");
  return true;
}

// Past the unwinding at `at` that drops the exception a finally handler
// holds before it returns (POP_TOPs of its values, POP_EXCEPT; a returned
// value is moved below them first and back above the previous exception
// after: SWAP 2 from 3.11, ROT_FOUR before); `at` when there is none.
int FunctionDecompiler::past_exception_drop(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const bool modern = code_.version.minor >= 11;
  const int values = modern ? 1 : 3;
  auto moves_value = [&](int i) {
    return i < count &&
           (modern ? instrs[i].op == Op::Swap && instrs[i].arg == 2 : instrs[i].op == Op::Rotate && instrs[i].arg == 4);
  };
  int i = at;
  const bool value = moves_value(i);
  if (value) ++i;
  for (int k = 0; k < values; ++k) {
    if (i >= count || instrs[i].op != Op::PopTop) return at;
    ++i;
  }
  if (value) {
    if (!moves_value(i)) return at;
    ++i;
  }
  return i < count && instrs[i].op == Op::PopExcept ? i + 1 : at;
}

// The normal path's copy of a finally body, from `copy`, against the
// handler's, from `original` (which ends re-raising): the two are walked in
// step, jumps and nested handlers paired, so a copy whose branches end in
// their own copies of the code after the try is recognised too. Fills the
// copy's instructions and, where the handler's re-raises, the copy's
// continuations (sorted); false when the code differs.
bool FunctionDecompiler::match_finally_copy(int original, int copy, int protection, std::vector<int>& copy_instrs,
                                            std::vector<int>& continuations, bool without_exit) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (original < 0 || copy < 0 || original >= count || copy >= count) return false;
  // Both copies run under what protects the try statement (3.11+: the
  // handler's own cleanup handler is transparent).
  const int base_original = protection, base_copy = protection;
  std::vector<int> paired(count, -1);
  std::set<std::pair<int, int>> repaired;
  // (3.12+ duplicate short exits and make the jumps they need late.)
  const bool modern_copies = code_.version.minor >= 12;
  std::vector<int> both_reraise;
  std::vector<std::pair<int, int>> work{{original, copy}};
  while (!work.empty()) {
    const auto [h, n] = work.back();
    work.pop_back();
    if (h < 0 || n < 0 || h >= count || n >= count) return false;
    // (Where the handler re-raises, several places in the copy may go on:
    // ≤3.10 jump to the code after the try directly or by JUMP_FORWARD.)
    const int previous = paired[h];
    if (previous >= 0 && !(instrs[h].op == Op::Reraise && instrs[h].handler == base_original)) {
      if (previous == n || !repaired.insert({h, n}).second) continue;
      // (3.12+ copy a short exit, a `return` say, into each path of the
      // normal copy, where the handler's copy, whose return must drop the
      // exception first, keeps one copy its paths jump to.)
      if (!modern_copies || code_copy_length(n, previous) == 0) return false;
    } else {
      paired[h] = n;
    }
    if (int(copy_instrs.size() + continuations.size()) > 4 * count) return false;
    // A `return` (break, continue) inside the finally body drops the exception first in the
    // handler's copy (≤3.10 its three values, 3.11+ one, then POP_EXCEPT),
    // which the normal path's copy has no exception to do.
    if (const int past = past_exception_drop(h);
        past != h && n + 1 < count && past < count && same_op(instrs[past].op, instrs[n].op) &&
        (instrs[n].op != instrs[h].op || instrs[n + 1].op != instrs[h + 1].op)) {
      work.emplace_back(past, n);
      paired[h] = previous;
      continue;
    }
    // (3.12+ place an await's CLEANUP_THROW inline in the handler's copy,
    // which is an except clause, and after the code in the normal copy.)
    if (instrs[h].op == Op::CleanupThrow && instrs[n].op != Op::CleanupThrow) {
      work.emplace_back(h + 1, n);
      paired[h] = previous;
      continue;
    }
    // A `return` in the finally body that runs after the try body's own
    // `return value` (its value still on the stack) drops that value in
    // the normal path's copy instead: SWAP 2 (≤3.10 ROT_TWO); POP_TOP.
    if (const int past = past_exception_drop(h);
        past != h && past < count && instrs[past].op == Op::ReturnValue && n + 2 < count &&
        (instrs[n].op == Op::Swap || instrs[n].op == Op::Rotate) && instrs[n].arg == 2 &&
        instrs[n + 1].op == Op::PopTop && instrs[n + 2].op == Op::ReturnValue) {
      copy_instrs.push_back(n);
      copy_instrs.push_back(n + 1);
      work.emplace_back(past, n + 2);
      paired[h] = previous;
      continue;
    }
    // (3.12+ copy a short exit block in place of a jump to it: the
    // handler's copy may still jump where the normal one goes straight on.)
    // (Or jump back, through a jump of its own, to a loop header the normal
    // copy goes straight on to: a try ending a for loop's body.)
    if (instrs[h].op == Op::Jump && instrs[n].op != Op::Jump &&
        (instrs[h].target > h || paired[instrs[h].target] == n)) {
      work.emplace_back(instrs[h].target, n);
      paired[h] = previous;
      continue;
    }
    // (And the other way round: the handler's copy, whose every path ends
    // re-raising, repeats the code after a nested statement where the
    // normal copy jumps back, or forward, to its one copy of it.)
    if (modern_copies && instrs[n].op == Op::Jump && instrs[h].op != Op::Jump && instrs[n].target >= copy &&
        instrs[n].target != n && !(instrs[h].op == Op::Reraise && instrs[h].handler == base_original)) {
      copy_instrs.push_back(n);
      work.emplace_back(h, instrs[n].target);
      paired[h] = previous;
      continue;
    }
    // (3.12+ split a backward conditional jump, the normal copy's jump
    // back to a loop's header, into the reversed test over a late
    // JUMP_BACKWARD; the handler's copy, going on to its re-raise, tests
    // forward.)
    if (modern_copies && ir::is_conditional_jump(instrs[h].op) && n + 1 < count &&
        instrs[n].op == reversed_test(instrs[h].op) && instrs[n].target == n + 2 && instrs[n + 1].op == Op::Jump &&
        instrs[n + 1].target < n && instrs[h].handler == base_original && instrs[n].handler == base_copy) {
      copy_instrs.push_back(n);
      work.emplace_back(instrs[h].target, n + 1);
      work.emplace_back(h + 1, n + 2);
      continue;
    }
    const ir::Instr& x = instrs[h];
    const ir::Instr& y = instrs[n];
    if (x.op == Op::Reraise && x.handler == base_original) {
      // A re-raise in the copy too is the copy of a nested statement's
      // (an except clause nothing matched), unless nothing else goes on.
      if (y.op == Op::Reraise && y.arg == x.arg) {
        both_reraise.push_back(n);
        copy_instrs.push_back(n);
      } else {
        continuations.push_back(n);
      }
      continue;
    }
    // (A jump's argument is its target.)
    if (!same_op(x.op, y.op) || (x.target < 0 && x.arg != y.arg) || x.arg2 != y.arg2 || x.extra != y.extra ||
        x.name != y.name || (x.target >= 0) != (y.target >= 0))
      return false;
    // Nested try statements in the finally body: their handlers are copied
    // too. (3.12+ leave a loop's JUMP_BACKWARD out of the exception table
    // where the assembler made it, splitting a backward conditional jump,
    // and where a break/continue left a try: an unprotected jump says
    // nothing about the copy's try statements.)
    const bool unprotected_jump = modern_copies && x.op == Op::Jump && (x.handler < 0 || y.handler < 0);
    if (!unprotected_jump) {
      if ((x.handler == base_original) != (y.handler == base_copy)) return false;
      if (x.handler != base_original) work.emplace_back(x.handler, y.handler);
    }
    copy_instrs.push_back(n);
    // (Both jumping to one place, a break or continue out of the finally
    // body, leave the copy: that code is no part of it.)
    if (x.target >= 0 && x.target != y.target) work.emplace_back(x.target, y.target);
    const bool ends = x.op == Op::Jump || x.op == Op::ReturnValue || x.op == Op::RaiseVarargs || x.op == Op::Reraise;
    if (!ends) work.emplace_back(h + 1, n + 1);
  }
  if (continuations.empty() && !without_exit) {
    // (The code after the try is itself a re-raise: a try/finally at the
    // end of another finally or except clause's handler copy. Not where
    // the handler's copy has no closing re-raise: each re-raise is then a
    // nested statement's.)
    for (int n : both_reraise) {
      copy_instrs.erase(std::remove(copy_instrs.begin(), copy_instrs.end(), n), copy_instrs.end());
      continuations.push_back(n);
    }
  }
  if (continuations.empty() && !(without_exit && !copy_instrs.empty())) return false;
  std::sort(continuations.begin(), continuations.end());
  continuations.erase(std::unique(continuations.begin(), continuations.end()), continuations.end());
  // A jump to another continuation is the copy's way there.
  if (continuations.size() > 1) {
    std::vector<int> kept;
    for (int c : continuations) {
      const bool on = instrs[c].op == Op::Jump &&
                      std::find(continuations.begin(), continuations.end(), resolve_jumps(c)) != continuations.end();
      if (on)
        copy_instrs.push_back(c);
      else
        kept.push_back(c);
    }
    continuations = kept;
  }
  // The copy must not be the handler's own code.
  for (int n : copy_instrs)
    if (paired[n] >= 0 && n != paired[n]) return false;
  return true;
}

// The handler's copy of a finally body (its final re-raise already
// dropped) whose branches end re-raising, which the finally clause implies:
// `if c: ...; raise` followed by more code was an if/else.
void FunctionDecompiler::drop_final_reraises(ast::Body& body, int depth) const {
  // Only a re-raise with the finally's own exception on top ends the
  // finally body; a bare `raise` in an except clause inside it re-raises
  // that clause's exception, deeper on the stack, and is the user's.
  auto is_reraise = [&](const ast::Body& part) {
    if (part.empty()) return false;
    auto it = std::find_if(reraises_.begin(), reraises_.end(),
                           [&](const auto& reraise) { return reraise.first == part.back(); });
    return it != reraises_.end() && it->second == depth;
  };
  if (body.empty()) return;
  std::size_t k = body.size() - 1;
  // A final try statement: its clauses ran on into copies of the re-raise.
  if (auto* statement = ast::as<ast::Try>(body[k]); statement && statement->finalbody.empty()) {
    auto copy = std::make_shared<ast::Try>(*statement);
    for (auto& handler : copy->handlers) {
      if (is_reraise(handler.body))
        handler.body.pop_back();
      else
        drop_final_reraises(handler.body, depth);
      if (handler.body.empty()) handler.body.push_back(make::pass());
    }
    body[k] = copy;
    return;
  }
  // The last if whose branch re-raised, with the rest as its else (also
  // where the rest ends in an if of its own: `if a: if b: return` then
  // `elif ...: return` / `else: return`, only a and not b falling through).
  std::size_t earlier = k;
  while (earlier > 0 &&
         !(ast::as<ast::If>(body[earlier - 1]) && is_reraise(ast::as<ast::If>(body[earlier - 1])->body) &&
           ast::as<ast::If>(body[earlier - 1])->orelse.empty()))
    --earlier;
  if (earlier > 0) {
    k = earlier - 1;
  } else if (!ast::as<ast::If>(body[k])) {
    return;
  }
  auto copy = std::make_shared<ast::If>(*ast::as<ast::If>(body[k]));
  if (k + 1 < body.size()) {
    copy->orelse.assign(body.begin() + k + 1, body.end());
    body.erase(body.begin() + k + 1, body.end());
  }
  for (ast::Body* part : {&copy->body, &copy->orelse}) {
    // (A branch that ends re-raising after a statement that also ran on
    // into copies of the re-raise: `if c: try: ... except E: pass`.)
    if (is_reraise(*part)) part->pop_back();
    drop_final_reraises(*part, depth);
  }
  if (copy->body.empty()) copy->body.push_back(make::pass());
  body[k] = copy;
}

}  // namespace depyf::decompile
