// Protected code, read from the exception table (3.11+) or the SETUP_*
// blocks (3.8-3.10): which handler protects an instruction, where a
// protected body ends, which blocks normal flow reaches, what a handler
// starts with, and how an except clause ends (unbinding its name, leaving
// by a return). The statements built on them: try_statements.cpp,
// with_statements.cpp, finally_copies.cpp.
#include <algorithm>
#include <set>

#include "code/error.hpp"
#include "decompile/idioms/finally_value_returns.hpp"
#include "decompile/idioms/late_loop_test_jumps.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_name_delete;
using ir::is_name_store;
using ir::Op;

namespace {

}  // namespace

// Whether `instr` runs under `protection`: its handler, or the handler of
// its handler's code and so on, is `protection` (-1 protects everything).
bool FunctionDecompiler::within_protection(int instr, int protection) const {
  if (protection < 0) return true;
  int handler = function_.instrs[instr].handler;
  for (int depth = 0; handler >= 0 && depth < 64; ++depth) {
    if (handler == protection) return true;
    handler = function_.instrs[handler].handler;
  }
  return false;
}

// The outermost handler between `instr` and `protection` in the chain of
// protecting handlers; -1 when the chain never reaches `protection` (the
// instruction lies outside the protected code).
int FunctionDecompiler::outermost_new_handler(int instr, int protection) const {
  int handler = function_.instrs[instr].handler;
  int outermost = -1;
  for (int depth = 0; depth < 64; ++depth) {
    if (handler == protection) return outermost;
    if (handler < 0) return -1;
    outermost = handler;
    handler = function_.instrs[handler].handler;
  }
  return -1;
}

// Where a protected body ends: the first instruction after `start` that is
// outside the protection and reached by normal flow (handler-only code, such
// as code a ≤3.10 handler shares with the path after a with, does not count).
// A body inside an except clause is itself reached only by an exception:
// there, normal flow is counted from the body's start.
int FunctionDecompiler::first_outside(int start, int protection, int loop_header) const {
  std::vector<char> local;
  const std::vector<char>& reachable = normally_reachable_from(start, local);
  const int count = int(function_.instrs.size());
  auto scan = [&](const std::vector<char>& reached) {
    int i = start;
    while (i < count && (within_protection(i, protection) || !reached[block_at(i)] ||
                         jumps_back_into(i, protection, 0, loop_header)))
      ++i;
    return i;
  };
  const int end = scan(reachable);
  if (end < count || start < 0 || start >= count) return end;
  // A body left only through the handlers of statements inside it (a
  // nested try whose body always raises): it ends where they go on.
  std::vector<char> reached(graph_.blocks.size(), 0);
  std::vector<int> work{block_at(start)};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (reached[block]) continue;
    reached[block] = 1;
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
    const int handler = graph_.blocks[block].handler_block;
    if (handler >= 0 && within_protection(graph_.blocks[handler].first, protection)) work.push_back(handler);
  }
  return scan(reached);
}

// Where a try body ends: first_outside, or past the returns inside the
// body (the compiler ends the protection before a `return`; 3.11+ put the
// finally copy and constant of `return` there too) and the 3.13 jumps at
// the ends of its branches (left out of the protection too) that more of
// the body follows, where its other paths leave. (Where each path leaves
// into its own copy of one return, those are copies of the code after the
// try, such as the implicit return: the body ends at the first.)
int FunctionDecompiler::try_body_end(int start, int protection, int loop_header) const {
  const int count = int(function_.instrs.size());
  const int first = first_outside(start, protection, loop_header);
  std::vector<char> local;
  const std::vector<char>& reachable = normally_reachable_from(start, local);
  std::vector<int> returns, jumps;
  int end = first;
  for (int guard = 0; end < count && guard < count; ++guard) {
    // (3.10: a copy of the code after the body, no return of the body's
    // own, is where the body ends.)
    if (is_copied_try_exit(end)) break;
    const bool jump = lone_jump_out_of(end, protection);
    int after = jump ? end + 1 : end_of_private_return(end);
    // (3.12+: a return ending a for loop's body is followed by the loop's
    // END_FOR (3.13: and POP_TOP), which the IR's FOR_ITER jumps past: the
    // body goes on after them.)
    if (after >= 0 && after < count && function_.instrs[after].op == Op::EndFor &&
        !graph_.blocks[block_at(after)].reachable)
      after = graph_.blocks[block_at(after)].last + 1;
    // (≤3.9 keep a loop's jump back after a return ending its body, dead.)
    if (code_.version.minor <= 9 && after >= 0 && after < count && !jump && is_lone_jump(after) &&
        !graph_.blocks[block_at(after)].reachable)
      ++after;
    if (after >= 0 && after < count && !jump && jumps_back_from_body(after, protection)) {
      end = after;  // (a loop body's jump back, which the body goes on to)
      break;
    }
    // (The body's own jump over the handlers, after a return that leaves
    // an except clause around the try: its POP_EXCEPT comes first.)
    if (after >= 0 && after < count && !jump && !within_protection(after, protection) &&
        lone_jump_leaving(after, protection) && function_.instrs[after].target > after) {
      returns.push_back(end);
      end = after;
      break;
    }
    // (3.12+: past the body's own return, a return on a line after the
    // body's (the copy of the code after the try, or the else clause) that
    // only the protected code reaches: the body ends there.)
    if (after >= 0 && after < count && !jump && reachable[block_at(after)] && !is_copied_try_tail(end, protection) &&
        is_copied_try_tail(after, protection) && end_of_private_return(after) >= 0 &&
        entered_only_from_protection(after, start, protection)) {
      returns.push_back(end);
      end = after;
      break;
    }
    if (after < 0 || after >= count || !within_protection(after, protection) || !reachable[block_at(after)]) break;
    const int next = first_outside(after, protection, loop_header);
    if (next <= end) break;
    (jump ? jumps : returns).push_back(end);
    end = next;
  }
  if (end == first || end >= count) return first;
  // (Not a return whose value the body left on the stack before the
  // finally copy: finally_value_returns.hpp.)
  const int finally_start = code_.version.minor >= 9 && protection >= 0 && is_finally_handler(protection)
                                ? handler_body_start(protection)
                                : -1;
  const bool copies = std::any_of(returns.begin(), returns.end(), [&](int at) {
    return same_code_to_exit(at, end) > 0 && !returns_value_across_finally_copy(function_, finally_start, at);
  });
  // (Its last branch may end in such a jump too: the body ends there.)
  const int destination = lone_jump_out_of(end, protection) ? function_.instrs[end].target : end;
  const bool jumps_to_end =
      std::all_of(jumps.begin(), jumps.end(), [&](int at) { return function_.instrs[at].target == destination; });
  return copies || !jumps_to_end ? first : end;
}

// The block at `at` is entered only from code after `start` that
// `protection` protects.
bool FunctionDecompiler::entered_only_from_protection(int at, int start, int protection) const {
  const cfg::Block& block = graph_.blocks[block_at(at)];
  if (block.first != at || block.predecessors.empty()) return false;
  return std::all_of(block.predecessors.begin(), block.predecessors.end(), [&](int pred) {
    const int last = graph_.blocks[pred].last;
    return last >= start && within_protection(last, protection);
  });
}

// A block of one jump, outside `protection`, entered only from the code
// it protects.
bool FunctionDecompiler::lone_jump_leaving(int at, int protection) const {
  if (!is_lone_jump(at) || within_protection(at, protection)) return false;
  const cfg::Block& block = graph_.blocks[block_at(at)];
  return !block.predecessors.empty() &&
         std::all_of(block.predecessors.begin(), block.predecessors.end(),
                     [&](int pred) { return within_protection(graph_.blocks[pred].last, protection); });
}

// A loop's jump back to its header that only the protected code reaches
// (the try ends the loop body; its except clauses jump back on their own).
bool FunctionDecompiler::jumps_back_from_body(int at, int protection) const {
  return lone_jump_leaving(at, protection) && function_.instrs[at].target < at && normally_reachable_[block_at(at)];
}

// 3.13 leave the jump that ends a branch of a protected body out of the
// protection: a block of that jump alone, entered from the protected code.
bool FunctionDecompiler::lone_jump_out_of(int at, int protection) const {
  return code_.version.minor >= 13 && lone_jump_leaving(at, protection) && function_.instrs[at].target > at;
}

// Where the code from `at` (a block's start) ends when it is a private
// way out of the function: every block normal flow reaches from it, it
// alone leads to, and each ends in a return. -1 when it is not.
int FunctionDecompiler::end_of_private_return(int at) const {
  const int head = block_at(at);
  if (graph_.blocks[head].first != at) return -1;
  int last = at;
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{head};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block]) continue;
    seen[block] = 1;
    const cfg::Block& b = graph_.blocks[block];
    if (!graph_.dominates(head, block)) return -1;
    if (b.successors.empty() && function_.instrs[b.last].op != Op::ReturnValue) return -1;
    last = std::max(last, b.last);
    for (int succ : b.successors) work.push_back(succ);
  }
  return last + 1;
}

bool FunctionDecompiler::loop_leaves_protection(int at, int protection) const {
  const int block = block_at(at);
  if (graph_.blocks[block].first != at) return false;
  for (const cfg::Loop& loop : graph_.loops) {
    if (loop.header != block) continue;
    // (3.14+: a loop that goes on, when left, to the NOP of a `break` still
    // under the protection lies inside the try, whatever its unprotected
    // jumps (the inverted jump the break was threaded into and its jump
    // back: protected_break_nops.cpp).)
    if (code_.version.minor >= 14) {
      for (const cfg::Block& b : graph_.blocks) {
        if (!loop.contains[b.id] || !b.reachable) continue;
        for (int succ : b.successors) {
          const cfg::Block& exit = graph_.blocks[succ];
          if (!loop.contains[succ] && function_.instrs[exit.first].op == Op::Nop &&
              within_protection(exit.first, protection))
            return false;
        }
      }
    }
    for (const cfg::Block& b : graph_.blocks) {
      if (!loop.contains[b.id] || !b.reachable || within_protection(b.first, protection)) continue;
      // (3.12+ leave the latch of an inverted while out of the protection,
      // jumping back to the body's start, not to the header: still the
      // protected code of a try around the loop.)
      const bool to_header = std::find(b.successors.begin(), b.successors.end(), block) != b.successors.end();
      if (!to_header && jumps_back_into(b.first, protection)) continue;
      // (3.14+ a jump back reached only from the late conditional jump of
      // a protected test is still the try body's: late_loop_test_jumps.cpp.)
      if (!b.predecessors.empty() && std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
            return late_loop_test_jump(code_.version.minor, function_, graph_, graph_.blocks[p].last, protection);
          }))
        continue;
      return true;
    }
  }
  return false;
}

// 3.12+ leave jumps back into the protected code (a loop's `continue`,
// 3.13 also the test before it) out of the exception table: a block of
// jumps only, all of whose ways lead back into `protection`, is still
// the protected code. A jump to `loop_header`, the header of a loop whose
// body starts with the try (3.11+ protect it), is that loop's jump back.
bool FunctionDecompiler::jumps_back_into(int at, int protection, int depth, int loop_header) const {
  const cfg::Block& block = graph_.blocks[block_at(at)];
  if (depth > 4 || block.successors.empty()) return false;
  // (3.14+ leave out the conditional jump ending a loop body too, after
  // its protected test: late_loop_test_jumps.cpp.)
  if (block.first != at && !late_loop_test_jump(code_.version.minor, function_, graph_, at, protection)) return false;
  for (int k = at; k <= block.last; ++k) {
    const Op op = function_.instrs[k].op;
    if (op != Op::Jump && !ir::is_conditional_jump(op)) return false;
  }
  for (int succ : block.successors) {
    const int first = graph_.blocks[succ].first;
    if (first == loop_header) return false;
    if (!within_protection(first, protection) && !jumps_back_into(first, protection, depth + 1, loop_header))
      return false;
  }
  return true;
}

// The blocks normal flow reaches: from the entry, or, for code inside an
// except clause (itself reached by an exception), from `start` (filled
// into `local`).
const std::vector<char>& FunctionDecompiler::normally_reachable_from(int start, std::vector<char>& local) const {
  if (start < 0 || start >= int(function_.instrs.size()) || normally_reachable_[block_at(start)])
    return normally_reachable_;
  local = reachable_without_exceptions(block_at(start));
  return local;
}

// The blocks normal flow reaches from `from` without passing `stop` (an
// instruction; -1: none).
std::vector<char> FunctionDecompiler::reachable_before(int from, int stop) const {
  std::vector<char> reached(graph_.blocks.size(), 0);
  if (from < 0 || from >= int(function_.instrs.size()) || from == stop) return reached;
  std::vector<int> work{block_at(from)};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (reached[block] || graph_.blocks[block].first == stop) continue;
    reached[block] = 1;
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
  }
  return reached;
}

// The blocks normal flow (no exceptional edges) reaches from `from`.
std::vector<char> FunctionDecompiler::reachable_without_exceptions(int from) const {
  std::vector<char> reached(graph_.blocks.size(), 0);
  std::vector<int> work{from};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (reached[block]) continue;
    reached[block] = 1;
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
    // An async for loop ends through its END_ASYNC_FOR handler: normal flow.
    if (const int handler = async_for_handler(graph_.blocks[block].first); handler >= 0)
      work.push_back(block_at(handler));
  }
  return reached;
}

// A finally handler runs its body with the exception on the stack and
// re-raises; an except handler tests (CHECK_EXC_MATCH) or drops it (POP_TOP).
bool FunctionDecompiler::is_finally_handler(int handler) const {
  const auto& instrs = function_.instrs;
  const int first = handler_body_start(handler);
  if (first >= int(instrs.size()) || instrs[first].op == Op::PopTop) return false;
  if (code_.version.minor <= 10) {
    // ≤3.10 except clauses test a copy of the exception: DUP_TOP first.
    return !(instrs[first].op == Op::Copy && instrs[first].arg == 1);
  }
  // (An except clause tests the type first: a try nested in a finally
  // body, whose except clauses follow its body, comes after that.)
  for (int i = first; i < int(instrs.size()); ++i) {
    if (instrs[i].handler != instrs[first].handler) return true;
    if (instrs[i].op == Op::CheckExcMatch || instrs[i].op == Op::CheckEgMatch) return false;
    if (instrs[i].op == Op::Reraise || instrs[i].op == Op::ReturnValue) return true;
  }
  return true;
}

// Where a handler's own code starts: after PUSH_EXC_INFO from 3.11 on.
int FunctionDecompiler::handler_body_start(int handler) const {
  return code_.version.minor >= 11 ? handler + 1 : handler;
}

// The values an exception handler starts with above the try's stack:
// (previous exception, exception) from 3.11, (traceback, value, type) before.
void FunctionDecompiler::push_exception_values(Stack& stack) const {
  if (code_.version.minor >= 11) {
    stack.push_back(Value::unknown("previous_exception"));
    stack.push_back(Value::unknown("exception"));
  } else {
    stack.push_back(Value::unknown("traceback"));
    stack.push_back(Value::unknown("exception_value"));
    stack.push_back(Value::unknown("exception_type"));
  }
}

// Handler-only code (reached by exceptions alone) from `handler` on: the
// boilerplate of with statements, nothing to decompile.
// (`from`: the statement's start; inside an except clause, normal flow
// counts from there. `keep`: where the handler goes on into code of the
// function's own, left unmarked.)
void FunctionDecompiler::mark_handler_code_visited(int handler, int from, int keep) {
  std::vector<char> local;
  const std::vector<char>& normally_reachable = normally_reachable_from(from, local);
  std::vector<int> work{block_at(handler)};
  std::vector<char> seen(graph_.blocks.size(), 0);
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block] || normally_reachable[block]) continue;
    seen[block] = 1;
    const cfg::Block& b = graph_.blocks[block];
    if (keep >= b.first && keep <= b.last) {
      for (int i = b.first; i < keep; ++i) visited_[i] = 1;
      continue;
    }
    for (int i = b.first; i <= b.last; ++i) visited_[i] = 1;
    for (int succ : b.successors) work.push_back(succ);
  }
}

// `except E as name` unbinds the name when the clause ends:
// LOAD_CONST None; STORE name; DELETE name.
bool FunctionDecompiler::unbinds_name_at(int index, const std::string& name) const {
  const auto& instrs = function_.instrs;
  if (name.empty() || index < 0 || index + 2 >= int(instrs.size())) return false;
  return instrs[index].op == Op::LoadConst && is_name_store(instrs[index + 1].op) && instrs[index + 1].name == name &&
         is_name_delete(instrs[index + 2].op) && instrs[index + 2].name == name;
}

int FunctionDecompiler::after_name_unbinding(int index, const std::string& name) const {
  return unbinds_name_at(index, name) ? index + 3 : index;
}

// Marks the unbinding at `index` (if any) as decompiled; the index after it.
int FunctionDecompiler::skip_name_unbinding(int index, const std::string& name) {
  const int after = after_name_unbinding(index, name);
  for (int k = index; k < after; ++k) visited_[k] = 1;
  return after;
}

bool FunctionDecompiler::unwinds_to_return(int index) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  // A with statement's exit on the way: `__exit__(None, None, None)` from
  // constants (≤3.10 DUP the None) and its result popped.
  auto with_exit_at = [&](int k) {
    int j = k;
    while (j < count && (instrs[j].op == Op::LoadConst || instrs[j].op == Op::Copy)) ++j;
    return j > k && j + 1 < count && instrs[j].op == Op::Call && instrs[j + 1].op == Op::PopTop ? j + 2 : -1;
  };
  bool loaded = false;
  bool called_finally = false;
  for (int k = index; k < count && k < index + 24; ++k) {
    if (const int after_exit = with_exit_at(k); after_exit >= 0) {
      k = after_exit - 1;
      continue;
    }
    switch (instrs[k].op) {
      case Op::CallFinally: {  // 3.8: the `as name` cleanup (or a finally) runs first
        const int body = instrs[k].target;
        const bool unbinding = body >= 0 && body + 1 < count && unbinds_name_at(body, instrs[body + 1].name);
        if (!unbinding) called_finally = true;
        continue;
      }
      case Op::PopExcept:
      case Op::PopBlock:
      case Op::BeginFinally:  // 3.8: a with's exit on the way
      case Op::WithCleanupStart:
      case Op::WithCleanupFinish:
      case Op::PopFinally:
        continue;
      case Op::PopTop:
        // A loop's iterator dropped before a constant is loaded (`return c`
        // from inside a for loop); after a load it would drop that value.
        // (3.8, after a CALL_FINALLY of a finally body: the clause's tail,
        // read by decompile_try with the finally copy, see
        // returns_constant_after_pops.)
        if (loaded || called_finally) return false;
        continue;
      case Op::LoadConst:
      case Op::LoadFast:
      case Op::LoadName:
      case Op::LoadGlobal:
      case Op::LoadDeref:
        // A value, or the None of an `except ... as name` unbinding.
        if (k + 1 < count && is_name_store(instrs[k + 1].op)) {
          if (k + 2 >= count || !is_name_delete(instrs[k + 2].op)) return false;
          k += 2;
          continue;
        }
        if (loaded) return false;
        loaded = true;
        continue;
      case Op::ReturnValue:
        return true;
      default:
        return false;
    }
  }
  return false;
}

// Whether a clause both ended where a jump goes on to the code after the
// try and ended at code that unwinds and returns (3.10+ copy a short return
// into each path, so such an end may be a copy of the code after the try:
// then every end would return, and this is false).
bool FunctionDecompiler::clause_ends_in_jump_and_return(const std::vector<int>& ends, const std::string& name,
                                                        const Region* region) const {
  const auto& instrs = function_.instrs;
  bool jumps = false, returns = false;
  for (int end : ends) {
    if (end < 0) continue;
    const int after = after_name_unbinding(end + 1, name);
    if (after >= int(instrs.size())) continue;
    // (3.13 copy the short end of an enclosing except clause, POP_EXCEPT
    // and its jump on, in place of a jump to it.)
    int on = after;
    if (code_.version.minor >= 13)
      while (on + 1 < int(instrs.size()) && instrs[on].op == Op::PopExcept) ++on;
    if (instrs[after].op == Op::Jump || (on != after && instrs[on].op == Op::Jump))
      jumps = true;
    else if (unwinds_to_return(after)) returns = true;
    // (3.9/3.10: a return from a try in the clause, inside a try/finally,
    // runs the finally body's copy before its constant.)
    else if (region && code_.version.minor >= 9 && code_.version.minor <= 10) {
      const int past = past_finally_copies(after, *region);
      if (past != after && unwinds_to_return(past)) returns = true;
    }
  }
  return jumps && returns;
}

// An except clause whose walk found ends only where it returns, and a
// raise laid out past all of them: the compiler lays out the code after an
// if after both branches, so those ends were `return` statements inside
// the clause (`if c: return` then `raise`), not its end followed by the
// return after the try (that reading would put the raise first). ≤3.9
// also keep the dead `POP_EXCEPT; [unbinding;] JUMP end` after such a
// final raise: required there, where a raise inside a nested statement
// could also lie past a return.
bool FunctionDecompiler::raise_ends_clause_past_return(const std::vector<int>& ends, const std::string& name,
                                                       const std::vector<char>& visited_before) const {
  const auto& instrs = function_.instrs;
  if (ends.empty()) return false;
  int last_end = -1;
  for (int end : ends) {
    const int after = after_name_unbinding(end + 1, name);
    if (end < 0 || after >= int(instrs.size()) || !unwinds_to_return(after)) return false;
    // (3.10+: not where the clause is inside an enclosing try whose
    // protection that return is left out of: the clause's walk stops there.)
    if (code_.version.minor >= 10 && instrs[after].handler != instrs[end].handler) return false;
    last_end = std::max(last_end, end);
  }
  for (int j = last_end + 1; j < int(instrs.size()); ++j) {
    if (instrs[j].op != Op::RaiseVarargs || !visited_[j] || visited_before[j]) continue;
    if (code_.version.minor >= 10) return true;
    // (`except E as name` ends its inner try/finally first.)
    const int exit = j + 1 < int(instrs.size()) && instrs[j + 1].op == Op::PopBlock ? j + 2 : j + 1;
    if (dead_clause_exit(exit, name) >= 0) return true;
  }
  return false;
}

bool FunctionDecompiler::returns_constant_at(int at) const {
  const auto& instrs = function_.instrs;
  return at >= 0 && at + 1 < int(instrs.size()) && instrs[at].op == Op::LoadConst &&
         instrs[at + 1].op == Op::ReturnValue;
}

bool FunctionDecompiler::returns_constant_after_pops(int at) const {
  while (at >= 0 && at < int(function_.instrs.size()) && function_.instrs[at].op == Op::PopTop) ++at;
  return returns_constant_at(at);
}

// 3.10+ copy short code after a try into each clause's end. A clause whose
// ends run on into different returns (`return None` from inside a try
// nested in it, and the copy of `return x` after the try) has return
// statements of its own among them: the end running into a copy of the
// code the body goes on to (`continuation`) is the clause's end, returned;
// -1 when there is no such choice to make. (Either way each end runs the
// same code.)
int FunctionDecompiler::clause_end_into_copy(const std::vector<int>& ends, const std::string& name,
                                             int continuation) const {
  const int count = int(function_.instrs.size());
  if (continuation < 0 || continuation >= count) return -1;
  int copied = -1;
  bool other = false;
  for (int end : ends) {
    if (end < 0) continue;
    const int after = after_name_unbinding(end + 1, name);
    if (after >= count || !unwinds_to_return(after)) return -1;
    if (after != continuation && same_code_to_exit(after, continuation) > 0) {
      if (copied >= 0 && copied != end) return -1;
      copied = end;
    } else {
      other = true;
    }
  }
  return other ? copied : -1;
}

bool FunctionDecompiler::clause_only_returns(const std::vector<int>& ends, const std::string& name,
                                             int continuation) const {
  const int count = int(function_.instrs.size());
  if (continuation >= count) return false;
  bool any = false;
  for (int end : ends) {
    if (end < 0) continue;
    const int after = after_name_unbinding(end + 1, name);
    if (after >= count || after == continuation || !unwinds_to_return(after) ||
        (continuation >= 0 && same_code_to_exit(after, continuation) > 0))
      return false;
    // (A written return's POP_EXCEPT has the line of the return; the end
    // of the clause running into a copy of the code after the try, that of
    // the clause's last statement.)
    // (≤3.10 a named clause's POP_BLOCK comes first, with the same line.)
    int before = end - 1;
    while (before >= 0 && function_.instrs[before].op == Op::PopBlock) --before;
    if (before < 0 || function_.instrs[end].line == 0 || function_.instrs[end].line == function_.instrs[before].line)
      return false;
    // (... which the return itself has too: a copy keeps its own line.)
    int ret = after;
    while (ret < count && function_.instrs[ret].op != Op::ReturnValue) ++ret;
    if (ret >= count || function_.instrs[ret].line != function_.instrs[end].line) return false;
    any = true;
  }
  return any;
}

}  // namespace depyf::decompile
