// try/except/else/finally and with, for 3.11+ where the exception table
// says which handler protects each instruction. A try statement starts
// where code comes under a handler that begins with PUSH_EXC_INFO; its body
// is the code under that handler, its clauses are read from the handler.
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
bool FunctionDecompiler::clause_ends_in_jump_and_return(const std::vector<int>& ends, const std::string& name) const {
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

// `try: ... finally: ...`; a body that is itself one try/except without a
// finally is the same code as `try: ... except: ... finally: ...`.
ast::StmtPtr try_finally(const ast::Body& body, const ast::Body& finally_body) {
  if (body.size() == 1) {
    if (auto* inner = ast::as<ast::Try>(body[0]); inner && inner->finalbody.empty())
      return make::try_(inner->body, inner->handlers, inner->orelse, finally_body);
    if (auto* inner = ast::as<ast::TryStar>(body[0]); inner && inner->finalbody.empty())
      return make::try_star(inner->body, inner->handlers, inner->orelse, finally_body);
  }
  return make::try_(body, {}, {}, finally_body);
}

int FunctionDecompiler::decode_except_clauses(int handler, const Region& region, const Stack& stack,
                                              std::vector<ast::ExceptHandler>& handlers, std::vector<ClauseTail>& tails,
                                              int* dead_exit, std::vector<std::vector<int>>* ends_out) {
  const auto& instrs = function_.instrs;
  int join = -1;
  int loop_join = -1;
  const bool legacy = code_.version.minor <= 10;
  // How many exception values a clause drops before its body: the
  // exception (3.11+), or type, value and traceback (≤3.10).
  const int dropped = legacy ? 3 : 1;
  int p = handler_body_start(handler);
  // (Nested tries in the clauses set it for themselves.)
  const int continuation = try_continuation_;
  for (int clause = 0; clause < 256; ++clause) {
    if (p >= int(instrs.size())) fail(handler, "except clauses run past the end of the code");
    Stack clause_stack = stack;
    push_exception_values(clause_stack);
    ast::ExprPtr type;
    std::string name;
    int next_clause = -1;
    if (instrs[p].op == Op::Reraise || instrs[p].op == Op::EndFinally) {  // no clause matched
      visited_[p] = 1;
      break;
    }
    if (instrs[p].op == Op::PopTop) {  // bare except:
      for (int k = 0; k < dropped; ++k) {
        if (p >= int(instrs.size()) || instrs[p].op != Op::PopTop) fail(p, "unrecognised bare except clause");
        visited_[p++] = 1;
        clause_stack.pop_back();
      }
    } else {
      // The type test: [DUP_TOP] <type> CHECK_EXC_MATCH; POP_JUMP_IF_FALSE
      // (3.11+), JUMP_IF_NOT_EXC_MATCH (3.9/3.10), COMPARE_OP exception
      // match; POP_JUMP_IF_FALSE (3.8).
      int q = p;
      if (legacy) {
        if (instrs[q].op != Op::Copy || instrs[q].arg != 1) fail(q, "unrecognised except clause");
        visited_[q++] = 1;
      }
      ast::Body none;
      auto is_test = [&](int at) {
        const ir::Instr& instr = instrs[at];
        return instr.op == Op::CheckExcMatch || instr.op == Op::JumpIfNotExcMatch ||
               (instr.op == Op::Compare && instr.arg == int(ir::CompareOperator::ExceptionMatch));
      };
      while (q < int(instrs.size()) && !is_test(q)) {
        if (instrs[q].target >= 0 || instrs[q].op == Op::ReturnValue || instrs[q].op == Op::Reraise)
          fail(q, "unrecognised except clause");
        simulate(q, clause_stack, none);
        ++q;
      }
      if (q + 2 >= int(instrs.size())) fail(q, "unrecognised except clause");
      visited_[q] = 1;
      type = pop_expr(clause_stack, q);
      if (instrs[q].op == Op::JumpIfNotExcMatch) {
        next_clause = instrs[q].target;
        p = q + 1;
      } else {
        if (instrs[q + 1].op != Op::PopJumpIfFalse) fail(q, "unrecognised except clause");
        visited_[q + 1] = 1;
        next_clause = instrs[q + 1].target;
        p = q + 2;
      }
      // ≤3.10: POP_TOP (type), STORE name or POP_TOP (value), POP_TOP (traceback).
      if (legacy) {
        if (instrs[p].op != Op::PopTop) fail(p, "unrecognised except clause");
        visited_[p++] = 1;
        clause_stack.pop_back();
      }
      if (is_name_store(instrs[p].op)) {
        name = instrs[p].name;
      } else if (instrs[p].op != Op::PopTop) {
        fail(p, "except clause binds something other than a name");
      }
      visited_[p++] = 1;
      clause_stack.pop_back();
      if (legacy) {
        if (instrs[p].op != Op::PopTop) fail(p, "unrecognised except clause");
        visited_[p++] = 1;
        clause_stack.pop_back();
      }
    }
    // The clause body ends at the POP_EXCEPT that restores the exception
    // state; 3.12+ copy the code after a nested try into its clauses, so
    // one clause can end at several.
    std::vector<int> clause_ends;
    Region clause_region = region.sub(-1, block_at(p), region.loop);
    clause_region.protection = region.protection;
    clause_region.clause_depth = int(clause_stack.size());
    clause_region.clause_ends = &clause_ends;
    clause_region.clause_name = name;
    clause_region.clause_loop = region.loop;
    ast::Body body;
    const std::vector<char> visited_before = visited_;
    const Stack stack_before = clause_stack;
    int return_stopped = -1;
    clause_region.stopped_at = &return_stopped;
    // (`except E as e: return value` inside an enclosing try: the walk stops
    // past the clause's unwinding, holding the value, at the RETURN_VALUE,
    // which cannot raise and so lies outside that try's protection, or at
    // the copies of enclosing finally bodies run before it.)
    if (walk_region(p, clause_region, clause_stack, body) && return_stopped >= 0 && !visited_[return_stopped] &&
        instrs[past_finally_copies(return_stopped, clause_region)].op == Op::ReturnValue && !clause_stack.empty()) {
      int i = return_stopped;
      finish_return(i, clause_region, clause_stack, body);
    }
    clause_region.stopped_at = nullptr;
    const int copied_end = clause_end_into_copy(clause_ends, name, continuation);
    if (clause_ends_in_jump_and_return(clause_ends, name) || copied_end >= 0 ||
        clause_only_returns(clause_ends, name, continuation) ||
        raise_ends_clause_past_return(clause_ends, name, visited_before)) {
      // Ended once where the code after the try goes on and once where it
      // returns: that return is a `return` statement inside the clause
      // (`except E: if c: return None` + more code after the try), not the
      // clause's end. Walk it again knowing that.
      visited_ = visited_before;
      clause_stack = stack_before;
      clause_ends.clear();
      body.clear();
      clause_region.clause_returns = true;
      clause_region.clause_end_at = copied_end;
      int stopped = -1;
      clause_region.stopped_at = &stopped;
      // (A return that leaves an enclosing try too loads its constant
      // outside that try's protection, where the walk stopped.)
      if (walk_region(p, clause_region, clause_stack, body) && stopped >= 0 && !visited_[stopped] &&
          returns_constant_at(past_finally_copies(stopped, clause_region)) &&
          (stopped == 0 || instrs[stopped - 1].op != Op::Jump)) {
        int i = stopped;
        finish_return(i, clause_region, clause_stack, body);
      }
      clause_region.stopped_at = nullptr;
    }
    if (body.empty()) body.push_back(make::pass());
    auto except = make::except_handler(type, name.empty() ? std::nullopt : std::optional<std::string>(name), body);
    handlers.push_back(except);
    // (Negative: the POP_EXCEPT of a break/continue, -1 - index.)
    if (std::all_of(clause_ends.begin(), clause_ends.end(), [](int end) { return end < 0; }) && !clause_ends.empty())
      clause_ends.assign(1, -1 - clause_ends.back());
    clause_ends.erase(std::remove_if(clause_ends.begin(), clause_ends.end(), [](int end) { return end < 0; }),
                      clause_ends.end());
    std::sort(clause_ends.begin(), clause_ends.end());
    clause_ends.erase(std::unique(clause_ends.begin(), clause_ends.end()), clause_ends.end());
    if (ends_out) ends_out->push_back(clause_ends);
    for (const int clause_end : clause_ends) {
      int after = skip_name_unbinding(clause_end + 1, name);
      const int exit = loop_exit_jump(after, region);
      if (exit >= 0 && natural_clause_end(exit, name, region)) {
        // ≤3.9: a try ending a loop body, its clause jumps straight back (or
        // to the follow: the try ran on into a break written after it).
        ast::Body& clause_body = handlers.back().body;
        if (!clause_body.empty() &&
            (ast::as<ast::Continue>(clause_body.back()) || ast::as<ast::Break>(clause_body.back())))
          clause_body.pop_back();
        if (clause_body.empty()) clause_body.push_back(make::pass());
        visited_[after] = 1;
        if (join < 0) join = instrs[exit].target;
      } else if (exit >= 0) {
        // A clause ending in break/continue: another clause's jump is the join.
        // (3.11+: the walk stops where the clause leaves an enclosing try's
        // protected code, before the jump; the statement is written here.)
        const bool written = visited_[exit];
        for (int k = after; k <= exit; ++k) visited_[k] = 1;
        if (!written && instrs[exit].op == Op::Jump) {
          ast::Body& clause_body = handlers.back().body;
          if (clause_body.size() == 1 && ast::as<ast::Pass>(clause_body[0])) clause_body.clear();
          emit(clause_body, loop_exit_statement(exit, region), exit);
        }
        if (loop_join < 0) loop_join = instrs[exit].op == Op::Jump ? instrs[exit].target : region.loop->follow;
        if (dead_exit && *dead_exit < 0) *dead_exit = dead_clause_exit(exit + 1, name);
      } else if (after < int(instrs.size()) && instrs[after].op == Op::Jump) {
        visited_[after] = 1;
        // (3.10 give each clause's jump its own copy of a short exit after
        // the try: one is the code, the others repeat it.)
        if (const int n = join >= 0 ? exit_copy_length(instrs[after].target, join) : 0; n > 0)
          for (int k = 0; k < n; ++k) visited_[instrs[after].target + k] = 1;
        // (3.13: the jump may lie where the enclosing region stops, past an
        // enclosing try's protected range: the try goes on there.)
        if (join < 0) join = after == region.stop ? after : instrs[after].target;
      } else if (code_.version.minor >= 12 && region.loop && after == region.loop->follow && !visited_[after] &&
                 after >= 1 && instrs[after - 1].op == Op::PopExcept) {
        // 3.12+ `break` out of an endless loop whose code after it is
        // inlined right after the clause (clause_break_follow.hpp).
        ast::Body& clause_body = handlers.back().body;
        if (clause_body.size() == 1 && ast::as<ast::Pass>(clause_body[0])) clause_body.clear();
        emit(clause_body, make::break_(), after - 1);
        if (loop_join < 0) loop_join = region.loop->follow;
      } else if (const int n = while_break_copy_length(after, region); n > 0) {
        // 3.12+ `break` out of a while loop: its own copy of the short code
        // after the loop (the clause then joins nothing, like one ending in
        // a break jump).
        for (int k = after; k < after + n; ++k) visited_[k] = 1;
        ast::Body& clause_body = handlers.back().body;
        if (clause_body.size() == 1 && ast::as<ast::Pass>(clause_body[0])) clause_body.clear();
        emit(clause_body, make::break_(), after);
        if (loop_join < 0) loop_join = region.loop->follow;
      } else if (after < int(instrs.size()) && !visited_[after]) {
        // The clause goes on without a jump: either a copy of the short code
        // after the try (3.12+ duplicate exits) or code of its own (a
        // `return` after a named clause's unbinding); the caller decides
        // once it knows what follows the try.
        Stack rest_stack = clause_stack;
        if (code_.version.minor >= 11 && !rest_stack.empty()) rest_stack.pop_back();
        tails.push_back(ClauseTail{int(handlers.size()) - 1, after, rest_stack});
      }
    }
    if (next_clause < 0) break;  // a bare except is the last clause
    p = next_clause;
  }
  return join >= 0 ? join : loop_join;
}

int FunctionDecompiler::decompile_try(int index, int handler, const Region& region, Stack& stack, ast::Body& out) {
  const auto& instrs = function_.instrs;
  // (The body starts at the header of the loop being walked: its walk
  // must not start that loop again.)
  const bool at_loop_header = try_at_loop_header_ == index;
  try_at_loop_header_ = -1;
  if (code_.version.minor >= 11) {
    if (instrs[handler].op != Op::PushExcInfo) fail(index, "protected code whose handler is not a try handler");
    visited_[handler] = 1;
  }
  const int handler_start = handler_body_start(handler);
  if (handler_start < int(instrs.size()) &&
      (instrs[handler_start].op == Op::WithExceptStart || instrs[handler_start].op == Op::WithCleanupStart))
    fail(index, "with body without its setup");
  int body_end = try_body_end(index, handler, at_loop_header ? index : -1);
  Region body_region = region.sub(body_end, block_at(index), region.loop);
  body_region.protection = handler;
  body_region.clause_depth = -1;
  body_region.clause_ends = nullptr;
  spill_values_entering_try(stack, out, index);

  if (code_.version.minor == 8 && is_finally_handler(handler)) return decompile_shared_finally(index, handler, region,
                                                                                            body_region, stack, out);
  if (is_finally_handler(handler)) {
    // The finally body, read from the handler's copy (which ends re-raising).
    Stack finally_stack = stack;
    push_exception_values(finally_stack);
    ast::Body finally_body;
    Region finally_region = region.sub(-1, block_at(handler_start), region.loop);
    finally_region.clause_depth = -1;
    finally_region.clause_name.clear();
    const int finally_depth = int(finally_stack.size());
    const std::vector<char> visited_before_finally = visited_;
    const std::size_t reraises_before_finally = reraises_.size();
    walk_region(handler_start, finally_region, finally_stack, finally_body);
    // (The re-raise that ends the walk of the handler's copy: an earlier
    // one may belong to a statement nested in the finally body, such as
    // an except clause's when nothing matched. Only one this walk read: an
    // enclosing finally's closing re-raise, read before, lies past a
    // nested finally body that ends in a raise of its own.)
    int reraise = handler_start;
    while (reraise < int(instrs.size()) &&
           !(instrs[reraise].op == Op::Reraise && visited_[reraise] && !visited_before_finally[reraise]))
      ++reraise;
    if (!finally_body.empty() && ast::as<ast::Raise>(finally_body.back())) {
      const ast::Stmt* last = finally_body.back().get();
      for (const auto& [statement, at] : reraise_instrs_)
        if (statement == last && at > reraise) reraise = at;
    }
    // A finally body without a closing re-raise that drops the exception
    // on some path (return, break, continue) swallows it:
    // swallowing_finally.cpp.
    if (reraise >= int(instrs.size()) && swallows_exception(finally_body))
      return decompile_swallowing_finally(index, handler, body_region, stack, finally_body, out, at_loop_header);
    // A finally body that never ends (`finally: raise`) leaves the handler's
    // copy without its closing re-raise: the body ends past the last
    // instruction its walk read.
    // (Not where the walk read a re-raise at the finally body's depth: 3.13
    // copy the closing one into each case of a match statement ending the
    // finally body. A re-raise found deeper belongs to a statement nested
    // in the body, such as a try/except or try/except* none of whose
    // clauses matched, before the written raise or return that ends it;
    // 3.9 keep the closing one, dead, after that raise, unread.)
    bool reads_closing_reraise = false;
    for (std::size_t k = reraises_before_finally; k < reraises_.size(); ++k)
      if (reraises_[k].second == finally_depth) reads_closing_reraise = true;
    const bool endless_finally = !reads_closing_reraise && ends_without_reraise(finally_body);
    // (3.10 may end the function with that copy: its end is then the end.)
    if (endless_finally) reraise = past_walked_code(handler_start, visited_before_finally);
    if (!endless_finally && reraise >= int(instrs.size())) fail(handler, "finally clause that does not re-raise");
    refuse_break_past_finally_loop_end(handler_start, reraise);
    // (Only the closing re-raise, a RERAISE the walk read: a written
    // `raise E` last, after an if whose other branch ran into the closing
    // re-raise (`if c: ... else: raise E`), is the body's own;
    // finally_if_else_raise_from.)
    const bool ends_in_reraise =
        !finally_body.empty() && ast::as<ast::Raise>(finally_body.back()) &&
        std::any_of(reraises_.begin() + std::ptrdiff_t(reraises_before_finally), reraises_.end(),
                    [&](const auto& reraise) { return reraise.first == finally_body.back(); });
    if (!endless_finally && ends_in_reraise) finally_body.pop_back();
    if (!endless_finally) drop_final_reraises(finally_body, finally_depth);
    if (keeps_closing_reraise(finally_body, finally_depth))
      fail(handler, "finally body whose closing re-raise is copied into statements not read yet");
    if (finally_body.empty()) finally_body.push_back(make::pass());
    const FinallyBody enclosing{region.finally_start, region.finally_length, region.outer_finally};
    if (region.finally_length > 0) body_region.outer_finally = &enclosing;
    body_region.finally_start = handler_start;
    body_region.finally_length = reraise - handler_start;
    ast::Body body;
    Stack body_stack = stack;
    // (The body may leave at a copy of its first exit: an inner try whose
    // paths each went on into their own copy of the finally and what
    // follows.)
    int body_stopped = -1;
    body_region.stopped_at = &body_stopped;
    bool falls = walk_region(index, body_region, body_stack, body, at_loop_header);
    if (falls) falls = !finish_return_after(body_end, body_region, stack.size(), body_stack, body);
    if (falls) spill_values_leaving_try(stack, body_stack, body, body_end);
    if (body.empty()) body.push_back(make::pass());
    if (!falls) {
      emit(out, try_finally(body, finally_body), index);
      return -1;
    }
    const int normal_copy = body_stopped >= 0 && !visited_[body_stopped] ? body_stopped : body_end;
    // Skip the finally body's copy on the normal path.
    std::vector<int> copy, continuations;
    if (!match_finally_copy(handler_start, normal_copy, region.protection, copy, continuations, endless_finally))
      fail(body_end, "the normal path does not repeat the finally body");
    for (int k : copy) visited_[k] = 1;
    if (continuations.empty()) {
      // (The normal path's copy never ends either: nothing follows the try.)
      emit(out, try_finally(body, finally_body), index);
      return -1;
    }
    // ≤3.11 end the normal path's copy with a jump over the handler to the
    // code after the try; a `return CONSTANT` ending the body loads its
    // constant after the copy instead (the constant is no value to keep
    // across it), so a return right after the copy, before the handler,
    // is the body's. (Copies of enclosing finally bodies may run before
    // the constant is loaded.) 3.10 may copy a short return after the try
    // there instead, lines and all: a line past the finally body's; 3.11
    // only the implicit `return None`, which has no line (the constant of
    // a written return takes the finally copy's line there).
    if (const int load = continuations.size() == 1 ? past_finally_copies(continuations[0], region, true) : -1;
        code_.version.minor <= 11 && load >= 0 && continuations[0] < handler && !visited_[continuations[0]] &&
        returns_constant_at(load) && (code_.version.minor != 10 || instrs[load].line < instrs[handler_start].line) &&
        (code_.version.minor != 11 || !loads_none(load)) && kind_ != CodeKind::Module && kind_ != CodeKind::Class) {
      int i = continuations[0];
      Stack return_stack = body_stack;
      if (!finish_return(i, region, return_stack, body)) fail(i, "unrecognised return after a finally copy");
      emit(out, try_finally(body, finally_body), index);
      return -1;
    }
    emit(out, try_finally(body, finally_body), index);
    // Where the copy's paths go on: the code after the try statement, or
    // (3.10+ copying a short exit into each path) copies of it.
    for (std::size_t c = 1; c < continuations.size(); ++c) {
      const int n = same_continuation(continuations[c], continuations[0]);
      if (n == 0) fail(continuations[c], "the normal path does not repeat the finally body");
      for (int k = 0; k < n; ++k) visited_[continuations[c] + k] = 1;
    }
    stack = body_stack;
    return continuations[0];
  }

  ast::Body body;
  Stack body_stack = stack;
  int body_stopped = -1;
  body_region.stopped_at = &body_stopped;
  bool falls = walk_region(index, body_region, body_stack, body, at_loop_header);
  // The walk may go on past where the body was found to end, which it
  // reached by another path: a with ending the body whose own body always
  // leaves (return, break, continue) goes on past the try only where
  // __exit__ suppresses an exception; ≤3.9 a branch's break/continue
  // leaves the protection first (`if c: break` + more body). The try
  // body ends where the walk left the protection.
  if (falls && body_stopped > body_end && visited_[body_end] && !visited_[body_stopped]) body_end = body_stopped;
  // ≤3.9 end a try body by POP_BLOCK and a jump over the clauses to the
  // code after the try, threaded back to the loop's header when the try
  // ends the loop body. A `continue` written there leaves that ending after
  // its own POP_BLOCK and jump, as dead code: with none, a `continue` read
  // from the reachable POP_BLOCK and jump right before the handler (when
  // the body's other path left first, the walk reached them) is the body
  // falling off its end.
  if (code_.version.minor <= 9 && region.loop && !body.empty() && ast::as<ast::Continue>(body.back()) && handler >= 2 &&
      instrs[handler - 2].op == Op::PopBlock && instrs[handler - 1].op == Op::Jump &&
      region.loop->continues_at(instrs[handler - 1].target) && visited_[handler - 1] &&
      graph_.blocks[block_at(handler - 2)].reachable)
    body.pop_back();
  // 3.10: the body's own POP_BLOCK and jump back (or out of the loop), on
  // a line of their own, are a written `continue` (`break`) ending it.
  if (falls && written_loop_jump_ending_body(body_end, region)) {
    visited_[body_end] = 1;
    const bool is_break = instrs[body_end].target == region.loop->follow;
    emit(body, is_break ? ast::StmtPtr(make::break_()) : ast::StmtPtr(make::continue_()), body_end);
    falls = false;
  }
  if (falls) falls = !finish_return_after(body_end, body_region, stack.size(), body_stack, body);
  // ≤3.9 leave a try body with except clauses by POP_BLOCK and a jump
  // (over the clauses, to the else clause or past the try); code right
  // after the POP_BLOCK is the body's `return CONSTANT`, its constant
  // loaded once the protection ended (and the iterators of the for loops
  // it leaves dropped).
  auto past_iterator_drops = [&](int at) {
    for (std::size_t depth = body_stack.size(); at < int(instrs.size()) && instrs[at].op == Op::PopTop && depth > 0 &&
                                                body_stack[depth - 1].kind == Value::Kind::Iterator;
         --depth)
      ++at;
    return at;
  };
  if (falls && code_.version.minor <= 9 && kind_ != CodeKind::Module && kind_ != CodeKind::Class && body_end >= 1 &&
      body_end < int(instrs.size()) && instrs[body_end - 1].op == Op::PopBlock && !visited_[body_end] &&
      body_stack.size() == stack.size()) {
    if (returns_constant_at(past_iterator_drops(body_end))) {
      int i = body_end;
      if (finish_return(i, body_region, body_stack, body)) falls = false;
    }
  }
  if (body.empty()) body.push_back(make::pass());
  std::vector<ast::ExceptHandler> handlers;
  std::vector<ClauseTail> tails;
  int dead_exit = -1;
  try_continuation_ = falls ? resolve_jumps(body_end) : -1;
  const bool star = is_except_star_handler(handler);
  std::vector<std::vector<int>> clause_ends;
  int join = star ? decode_except_star_clauses(handler, region, stack, handlers, tails)
                  : decode_except_clauses(handler, region, stack, handlers, tails, &dead_exit, &clause_ends);
  auto make_try = [&](const ast::Body& orelse) -> ast::StmtPtr {
    if (star) return make::try_star(body, handlers, orelse);
    return make::try_(body, handlers, orelse);
  };
  if (falls) falls = !finish_loop_exit_after(body_end, join, region, body);
  // 3.10 give the clauses' jump its own copy of the short exit the body
  // goes on to (a with's exit call and the implicit return after it,
  // POP_BLOCK first: multiprocessing.managers Server.incref): one place.
  if (code_.version.minor == 10 && falls && join >= 0 && graph_.blocks[block_at(join)].first == join) {
    const int goes_on = resolve_jumps(body_end);
    if (const int n = goes_on != join ? exit_copy_length(join, goes_on) : 0; n > 0) {
      for (int k = join; k < join + n; ++k) visited_[k] = 1;
      join = goes_on;
    }
  }
  // Every clause ends in break/continue: no join of its own. The code after
  // the body is the else clause (running to the end of the loop body) or
  // comes after the try.
  bool else_until_loop_end = false;
  int else_loop_join = -1;  // (then: where the clauses go, the loop's continue target or follow)
  // (except* clauses cannot break or continue: their join is the join.)
  if (!star && region.loop && join >= 0 && (region.loop->continues_at(join) || join == region.loop->follow)) {
    const int loop_join = join;
    // (A body that leaves, with clauses running off the end of the loop
    // body to the region's stop (3.10+: the while test repeated there),
    // still goes on there: an if around the try ends there too, 3.10/3.11.)
    const bool clauses_reach_stop = loop_join == region.stop && is_repeated_loop_test(*region.loop, loop_join);
    join = falls ? join_after_loop_exit_clauses(body_end, handler, loop_join, dead_exit, region)
                 : (clauses_reach_stop ? loop_join : -1);
    if (join == loop_join && join != region.stop) {
      else_until_loop_end = true;
      else_loop_join = loop_join;
      join = -1;
    }
  }
  // The try ends the loop body: a clause falling off its end goes back to
  // the loop's header (3.13 tell that from a written `continue`).
  if (!star && region.loop && (else_until_loop_end || (join >= 0 && join == region.stop)))
    drop_fallen_off_continues(handlers, clause_ends, else_until_loop_end ? else_loop_join : join, region);
  // 3.11 copy the implicit `return None` after an except* statement into
  // the handler with the line of the code before it, so the copy's line
  // says nothing: a `return None` where the body goes on is that return.
  // (An explicit `return None` in an else clause compiles the same.)
  // So do the copies of the re-raise closing a finally body's handler copy
  // that the statement ends.
  if (star && join < 0 && falls && tails.size() == 1) {
    const int after_body = resolve_jumps(body_end);
    const int tail = tails[0].start;
    const bool implicit_returns = code_.version.minor == 11 && returns_none_at(after_body) && returns_none_at(tail);
    const bool reraises = after_body >= 0 && after_body < int(instrs.size()) && instrs[tail].op == Op::Reraise &&
                          instrs[after_body].op == Op::Reraise && instrs[tail].arg == instrs[after_body].arg;
    if (after_body != tail && (implicit_returns || reraises)) {
      join = after_body;
      visited_[tail] = 1;
      if (implicit_returns) visited_[tail + 1] = 1;
      tails.clear();
    }
  }
  // Clauses that run on into copies of the code after the try: find that
  // code on the normal path and make it the join. (A body that returns
  // does not reach it: then it is code that other paths reach, such as
  // the code after an if whose branch the try ends, not walked yet; only
  // 3.10+ copy such code into a clause.)
  if (join < 0 && !tails.empty() && (falls || code_.version.minor >= 10)) {
    int clauses_end = handler;
    for (const ClauseTail& tail : tails) clauses_end = std::max(clauses_end, tail.start);
    const int evidence = code_.version.minor >= 12 && handler > body_end
                             ? else_compiled_first(body_end, handler, handler, clauses_end)
                             : -1;
    std::vector<char> local;
    const std::vector<char>& reachable = normally_reachable_from(index, local);
    // (Where the body goes on to the region's stop, code that the
    // enclosing region reaches from there, such as its own `return None`
    // that a clause's return repeats, is not the code after the try.)
    const std::vector<char> before_stop = falls ? reachable_before(body_end, region.stop) : std::vector<char>{};
    const bool stop_in_code = falls && region.stop >= 0 && region.stop < int(instrs.size());
    const std::vector<char> past_stop =
        stop_in_code ? reachable_without_exceptions(block_at(region.stop)) : std::vector<char>(graph_.blocks.size(), 0);
    for (int k = body_end; k < int(instrs.size()) && join < 0; ++k) {
      if (k != body_end && !reachable[block_at(k)]) continue;  // (body_end: where the body goes on)
      if (falls && k != body_end && k != region.stop && past_stop[block_at(k)] && !before_stop[block_at(k)]) continue;
      if (!falls && (visited_[k] || graph_.blocks[block_at(k)].first != k)) continue;
      // (A clause that runs a copy of an enclosing finally body first
      // returns by a statement of its own: the compiler copies no code
      // with lines of its own into a clause.)
      // (3.10 drop a clause's jump to the code after the try when that code
      // follows it: the clause runs on into where the body jumps.)
      const bool body_goes_here = falls && k != body_end && resolve_jumps(body_end) == k;
      auto copies = [&](const ClauseTail& tail) {
        if (body_goes_here && tail.start == k) return true;
        return tail_copy_length(tail.start, k, evidence) > 0 && !runs_finally_copy(tail.start, region);
      };
      // (A clause's own `return CONSTANT` is no copy; another clause's
      // copy of code that returns a value, `return x`, still tells.)
      // (Only where it is the clause's one end: its code then follows the
      // clause's body.)
      auto constant_return = [&](const ClauseTail& tail) {
        const bool one_end = std::count_if(tails.begin(), tails.end(),
                                           [&](const ClauseTail& t) { return t.clause == tail.clause; }) == 1;
        return one_end && returns_constant_at(tail.start);
      };
      const bool all_copies = std::all_of(tails.begin(), tails.end(), copies);
      const bool value_copies = std::all_of(tails.begin(), tails.end(),
                                            [&](const ClauseTail& t) { return copies(t) || constant_return(t); }) &&
                                std::any_of(tails.begin(), tails.end(),
                                            [&](const ClauseTail& t) { return copies(t) && !constant_return(t); });
      if (all_copies || value_copies) join = k;
    }
    if (join >= 0) {
      std::vector<ClauseTail> own;
      for (const ClauseTail& tail : tails) {
        const int n = tail_copy_length(tail.start, join, evidence);
        if (n == 0 && tail.start != join) own.push_back(tail);  // (a clause's own constant return)
        for (int k = 0; k < n; ++k) visited_[tail.start + k] = 1;
      }
      tails = own;
    }
  }
  // 3.12+ lay code after the try that only a clause reaches right after
  // that clause (cold, with the handlers; 3.10 too, but in a for loop
  // there a clause's break pops the iterator and runs its own copy of the
  // code after the loop; a while loop's copy was read as the break
  // already, or, in an endless loop, has no code after the loop to repeat
  // and compiles as this reading does: unittest.util
  // sorted_list_difference): a
  // clause running on into code that does not start from a value it
  // computed (a written `return x` loads x before its POP_EXCEPT) is
  // followed by the code after the try, and the body's own way on is its
  // else clause. (Not inside another try statement or except clause,
  // whose finally copies, clause ends and exits make other shapes, but in
  // a with body where the try body never goes on, so that code alone runs
  // on into the with's exit: read as the clause's, it ran while the
  // exception was still handled, 3.10 `with`/`async with`; not a
  // constant return, which a clause's `return C` loads after its
  // POP_EXCEPT and the iterators of the loops it leaves; not where the
  // body runs on into the same code.) A body that never goes on (`try:
  // return self[key]`) has no else clause: that code follows the try
  // (_collections_abc MutableMapping.setdefault 3.10/3.12).
  const bool in_for_loop =
      region.loop && function_.instrs[graph_.blocks[region.loop->header_block].first].op == Op::ForIter;
  if (join < 0 && !star && (code_.version.minor >= 12 || (code_.version.minor == 10 && !in_for_loop)) &&
      tails.size() == 1 && tails[0].stack.size() == stack.size() && tails[0].start > handler &&
      !visited_[tails[0].start] && (region.protection < 0 || (!falls && region.protection == region.with_handler)) &&
      region.clause_depth < 0 &&
      region.outer_finally == nullptr && !runs_finally_copy(tails[0].start, region) &&
      !returns_constant_after_pops(tails[0].start) &&
      (!falls || same_code_to_exit(resolve_jumps(body_end), tails[0].start) == 0)) {
    join = tails[0].start;
    tails.clear();
  }
  // A clause that ends several times (a nested try's paths each run on
  // into their own copy of the code after it): one copy is the code.
  for (std::size_t t = 1; t < tails.size();) {
    if (tails[t].clause != tails[t - 1].clause) {
      ++t;
      continue;
    }
    // (3.13 copy an enclosing clause's short end, POP_EXCEPT and its jump
    // on, into each path too: copies that jump to one place.)
    int n = same_code_to_exit(tails[t].start, tails[t - 1].start);
    if (n == 0 && code_.version.minor >= 13) {
      const int copy = code_copy_length(tails[t].start, tails[t - 1].start);
      if (copy > 0 && instrs[tails[t].start + copy - 1].op == Op::Jump) n = copy;
    }
    if (n == 0) fail(tails[t].start, "except clause with several ends");
    for (int k = 0; k < n; ++k) visited_[tails[t].start + k] = 1;
    tails.erase(tails.begin() + t);
  }
  // A clause whose own code ends where an enclosing except clause ends
  // (it ran on to that clause's POP_EXCEPT) does not leave.
  bool tail_falls = false;
  // (The one tail of except* clauses is the code after the try, which no
  // clause can own: it runs once the handler re-raised nothing.)
  for (ClauseTail& tail : tails) {  // code of the clause's own
    if (star) break;
    ast::Body rest;
    Region rest_region = region.sub(-1, block_at(tail.start), region.loop);
    // (3.8: a return there still calls the unbinding of `except E as name`.)
    rest_region.clause_name = handlers[tail.clause].name.value_or("");
    // `return CONSTANT` in a clause inside an enclosing try: the constant
    // is loaded after leaving that try's protection (≤3.10: after its
    // POP_BLOCK), where a walk stops.
    // (Copies of enclosing finally bodies may run first, then the POP_TOPs
    // of the iterators of the for loops it leaves.)
    const int start = past_finally_copies(tail.start, region);
    if (returns_constant_after_pops(start) && !within_protection(start, region.protection) &&
        kind_ != CodeKind::Module && kind_ != CodeKind::Class) {
      int i = tail.start;
      if (!finish_return(i, rest_region, tail.stack, rest)) fail(start, "unrecognised return in an except clause");
    } else if (walk_region(tail.start, rest_region, tail.stack, rest)) {
      tail_falls = true;
    }
    auto& clause_body = handlers[tail.clause].body;
    if (clause_body.size() == 1 && ast::as<ast::Pass>(clause_body[0])) clause_body.clear();
    clause_body.insert(clause_body.end(), rest.begin(), rest.end());
  }
  // No clause goes on, but the body jumps over them to code that other
  // paths reach too (a with in a clause whose suppressed exception goes on
  // there): that code follows the try statement.
  if (join < 0 && falls && tails.empty() && body_end < int(instrs.size()) && instrs[body_end].op == Op::Jump &&
      instrs[body_end].target > body_end && !graph_.dominates(block_at(body_end), block_at(instrs[body_end].target))) {
    visited_[body_end] = 1;
    emit(out, make_try({}), index);
    return instrs[body_end].target;
  }
  // ≤3.9: every clause leaves, and one that raises jumps (dead) past the
  // code after the body: that code up to the jump's target is the try's
  // else clause (dead_else_markers.cpp), the code after the try goes on
  // there.
  bool join_from_dead_exit = false;
  if (!star && join < 0 && falls && !tail_falls && body_end < int(instrs.size())) {
    const int code_start = resolve_jumps(body_end);
    const int target = dead_clause_exit_past(handler, code_start, handlers);
    if (target > code_start && (target == region.stop || inside(target, region))) {
      join = target;
      join_from_dead_exit = true;
    }
  }
  ast::Body orelse;
  bool else_falls = falls;
  int else_stop = body_end;
  std::vector<char> visited_before_else;  // (what the walk of the code after the body decompiled)
  // The first instruction after the protected range may already be a
  // branch's `continue`/`break` (3.11+); the body then went on elsewhere.
  const int else_start =
      falls && body_end < int(instrs.size()) && visited_[body_end] && body_stopped > body_end ? body_stopped : body_end;
  // The body runs on to where a `break` out of the loop goes, a lone jump
  // outside the loop (3.12+ thread that jump to an enclosing loop's
  // header), or the code after the loop itself (3.12+ drop the break's
  // jump when that code follows the body: a try ending a while body, whose
  // handlers lie at the end): a break after the try, or in its else
  // clause when the clauses go on elsewhere. (A walk from there would
  // start at the follow.)
  if (falls && region.loop && else_start == region.loop->follow && else_start != join &&
      (join != region.stop || region.loop->continues_at(join)) && !visited_[else_start] &&
      !natural_loop_of(*region.loop)->contains[block_at(else_start)]) {
    auto with_break_else = [&]() {
      orelse.push_back(make::break_());
      orelse.back()->lineno = instrs[else_start].line;
      emit(out, make_try(orelse), index);
    };
    if (join >= 0) {
      with_break_else();
      return join;
    }
    // (Clauses ending in that break ran on into it: it follows the try.
    // Clauses going back to the loop's header did not: the break ends
    // the body or is the else clause, unittest.loader
    // TestLoader.loadTestsFromName 3.12.)
    if (else_until_loop_end && else_loop_join != region.loop->follow) {
      with_break_else();
      return -1;
    }
    for (ast::ExceptHandler& clause : handlers) {
      if (!else_until_loop_end || clause.body.empty() || !ast::as<ast::Break>(clause.body.back())) continue;
      clause.body.pop_back();
      if (clause.body.empty()) clause.body.push_back(make::pass());
    }
    emit(out, make_try({}), index);
    emit(out, make::break_(), else_start);
    return -1;
  }
  if (falls && else_start != join) {
    if (else_start >= int(instrs.size())) fail(index, "try body runs off the end of the code");
    // With no join (every clause leaves) the code after the body runs on
    // to wherever the enclosing region ends.
    Region else_region = region.sub(join >= 0 ? join : region.stop, block_at(else_start), region.loop);
    else_region.stopped_at = &else_stop;
    else_stop = -1;
    Stack else_stack = stack;
    visited_before_else = visited_;
    else_falls = walk_region(else_start, else_region, else_stack, orelse);
    // (A jump to the region's stop ends the walk there without saying so.)
    if (else_stop < 0) else_stop = else_region.stop >= 0 ? else_region.stop : else_start;
    // It stopped in the middle of a `return value`, leaving an enclosing
    // try's protection before the RETURN_VALUE: finish the statement.
    if (else_falls && else_stack.size() > stack.size() && else_stop >= 0 && else_stop < int(instrs.size()) &&
        !visited_[else_stop]) {
      int i = else_stop;
      if (finish_return(i, else_region, else_stack, orelse)) else_falls = false;
    }
    // The else clause left an enclosing protection (≤3.10: after its
    // POP_BLOCK) into its own copy of the code the clauses go on to.
    if (else_falls && join >= 0 && else_stop != join && else_stop >= 0 && else_stop < int(instrs.size()) &&
        !visited_[else_stop]) {
      int after_bookkeeping = join;
      while (after_bookkeeping < int(instrs.size()) && instrs[after_bookkeeping].op == Op::PopBlock)
        ++after_bookkeeping;
      if (after_bookkeeping != else_stop && exit_copy_length(else_stop, after_bookkeeping) > 0 &&
          graph_.blocks[block_at(else_stop)].first == else_stop)
        for (int n = exit_copy_length(else_stop, after_bookkeeping), k = 0; k < n; ++k) visited_[else_stop + k] = 1;
    }
  }
  // Clauses that only "leave" by copies of the implicit return at the end
  // of the code fell off its end in the source: the code after the body
  // was the try's else clause (the copies are dropped later). (Not in a
  // loop, where falling off a clause goes on with the loop: there the
  // return, popping a for loop's iterator first, was written, or was a
  // `break` before the implicit return, 3.12+.)
  auto ends_in_implicit_return_copy = [&](const ast::ExceptHandler& clause) {
    if (kind_ == CodeKind::Module || kind_ == CodeKind::Class)
      return !clause.body.empty() && ast::as<ast::Return>(clause.body.back()) != nullptr;
    return ends_in_implicit_return(clause.body);
  };
  const bool implicit_return_clauses =
      join < 0 && !orelse.empty() &&
      (else_until_loop_end ||
       (region.loop == nullptr && std::all_of(handlers.begin(), handlers.end(), ends_in_implicit_return_copy)));
  if (implicit_return_clauses) {
    // (In a loop whose clauses all go on with it, the order in which the
    // compiler met names and constants may still say where the else clause
    // ended, try_tail_split.cpp: the rest followed the try.)
    if (else_until_loop_end && !visited_before_else.empty()) {
      std::vector<int> tail_code, clause_code;
      for (int i = 0; i < int(instrs.size()); ++i) {
        if (visited_[i] && !visited_before_else[i]) tail_code.push_back(i);
        else if (visited_before_else[i] && i >= handler && i >= index) clause_code.push_back(i);
      }
      if (const int keep =
              split_tail_between_else_and_after(index, tail_code, clause_code, orelse, TailPlace::InElse);
          keep > 0) {
        const ast::Body after(orelse.begin() + keep, orelse.end());
        orelse.resize(keep);
        emit(out, make_try(orelse), index);
        out.insert(out.end(), after.begin(), after.end());
        return else_falls ? else_stop : -1;
      }
    }
    emit(out, make_try(orelse), index);
    return else_falls ? else_stop : -1;
  }
  if (star && join < 0 && !tails.empty()) {
    // The code after an except* statement that the handler reaches without
    // a jump, and the body does not: the walk goes on there, and whatever
    // followed the body was the else clause, which must leave.
    // (Both leaving the protected code around the statement, as an
    // except* statement ending another except* clause's body does, they
    // meet where that code ends.)
    const int tail = tails[0].start;
    if (else_falls && region.protection >= 0 && else_stop >= 0 && !within_protection(tail, region.protection) &&
        !within_protection(else_stop, region.protection)) {
      emit(out, make_try(orelse), index);
      return else_stop;
    }
    // (Or both end the except clause around the statement, the handler
    // through its own copy of that clause's end: the walk goes on there.)
    if (else_falls && instrs[tail].op == Op::PopExcept && region.clause_depth >= 0 &&
        int(tails[0].stack.size()) == region.clause_depth) {
      emit(out, make_try(orelse), index);
      stack = tails[0].stack;
      return tail;
    }
    if (else_falls) fail(index, "except* statement whose else clause goes on elsewhere");
    emit(out, make_try(orelse), index);
    stack = tails[0].stack;
    return tail;
  }
  if (join < 0 && tail_falls) {
    // The code after the body runs only when the body ends normally while
    // a clause goes on elsewhere: it is the else clause.
    emit(out, make_try(orelse), index);
    return -1;
  }
  if (join < 0 && !orelse.empty() && !visited_before_else.empty()) {
    // Every clause leaves (return/raise): what follows the body may have
    // been the body's end, the else clause or the code after the try.
    std::vector<int> tail_code, clause_code, body_code;
    for (int i = 0; i < int(instrs.size()); ++i) {
      if (visited_[i] && !visited_before_else[i]) tail_code.push_back(i);
      // (Names and constants met before, anywhere, tell nothing.)
      else if (visited_before_else[i])
        (i >= handler && i >= index ? clause_code : body_code).push_back(i);
    }
    const TailPlace place = place_tail_after_leaving_clauses(index, handler, tail_code, clause_code, body_code, orelse);
    if (const int keep = split_tail_between_else_and_after(index, tail_code, clause_code, orelse, place); keep > 0) {
      const ast::Body after(orelse.begin() + keep, orelse.end());
      orelse.resize(keep);
      emit(out, make_try(orelse), index);
      out.insert(out.end(), after.begin(), after.end());
      return else_falls ? else_stop : -1;
    }
    switch (place) {
      case TailPlace::InBody:
        if (body.size() == 1 && ast::as<ast::Pass>(body[0])) body.clear();
        body.insert(body.end(), orelse.begin(), orelse.end());
        emit(out, make_try({}), index);
        return else_falls ? else_stop : -1;
      case TailPlace::InElse: emit(out, make_try(orelse), index); return else_falls ? else_stop : -1;
      case TailPlace::AfterTry: break;
    }
  }
  if (join < 0) {
    // Every clause leaves (return/raise): what follows the body is written
    // after the try rather than as its else clause (same code, and the
    // function then ends with that code, as its source did).
    emit(out, make_try({}), index);
    for (auto& stmt : orelse) out.push_back(stmt);
    // The code after the try went on until the enclosing region's end.
    return else_falls ? else_stop : -1;
  }
  emit(out, make_try(orelse), index);
  if (join_from_dead_exit && !else_falls) return -1;
  return join;
}

// 3.8: one finally body shared by every path: POP_BLOCK; BEGIN_FINALLY
// falls into it, return/break reach it by CALL_FINALLY, exceptions by the
// handler; it ends with END_FINALLY.
int FunctionDecompiler::decompile_shared_finally(int index, int handler, const Region& region, Region body_region,
                                                 Stack& stack, ast::Body& out) {
  const auto& instrs = function_.instrs;
  int end = handler;
  int depth = 0;
  for (; end < int(instrs.size()); ++end) {
    if (instrs[end].op == Op::SetupFinally || instrs[end].op == Op::SetupWith || instrs[end].op == Op::SetupAsyncWith)
      ++depth;
    if (instrs[end].op == Op::EndFinally) {
      if (depth == 0) break;
      --depth;
    }
  }
  if (end >= int(instrs.size())) fail(handler, "finally body without END_FINALLY");
  refuse_break_past_finally_loop_end(handler, end);
  ast::Body body;
  Stack body_stack = stack;
  int body_stopped = -1;  // (a branch of an if may leave after a return's CALL_FINALLY)
  body_region.stopped_at = &body_stopped;
  bool falls = walk_region(index, body_region, body_stack, body);
  // `try: return value finally: ...`: POP_BLOCK; CALL_FINALLY; RETURN_VALUE.
  if (falls) falls = !finish_return_after(first_outside(index, handler), body_region, stack.size(), body_stack, body);
  // `try: ... return CONSTANT finally: ...`: POP_BLOCK; CALL_FINALLY; then
  // the constant (no value to keep while the finally body runs) and
  // RETURN_VALUE. (The normal path enters the finally body by BEGIN_FINALLY.)
  if (const int body_end = first_outside(index, handler);
      falls && kind_ != CodeKind::Module && kind_ != CodeKind::Class && body_end < int(instrs.size())) {
    // (Leaving nested try statements: a POP_BLOCK and CALL_FINALLY each.)
    int load = body_end;
    while (load < int(instrs.size()) && (instrs[load].op == Op::PopBlock || instrs[load].op == Op::CallFinally)) ++load;
    if (load > body_end && instrs[load - 1].op == Op::CallFinally && !visited_[load - 1] && returns_constant_at(load)) {
      int i = body_end;
      if (finish_return(i, body_region, body_stack, body)) falls = false;
    }
  }
  if (body.empty()) body.push_back(make::pass());
  for (const int body_end : {first_outside(index, handler), body_stopped})
    if (falls && body_end >= 0 && body_end < int(instrs.size()) && instrs[body_end].op == Op::BeginFinally)
      visited_[body_end] = 1;
  Region finally_region = region.sub(-1, block_at(handler), region.loop);
  finally_region.finally_end = end;
  ast::Body finally_body;
  Stack finally_stack = stack;
  int finally_stopped = -1;
  finally_region.stopped_at = &finally_stopped;
  bool finally_falls = walk_region(handler, finally_region, finally_stack, finally_body);
  // (`return value` in a finally body inside an enclosing try: the walk
  // stops where it leaves that try's protection, the value on the stack.)
  if (finally_falls && finish_return_in_shared_finally(finally_stopped, end, finally_region, stack.size(),
                                                       finally_stack, finally_body))
    finally_falls = false;
  visited_[end] = 1;
  if (finally_body.empty()) finally_body.push_back(make::pass());
  emit(out, try_finally(body, finally_body), index);
  (void)falls;
  // A finally body that always leaves (return, break, continue: it drops
  // the exception) ran over a None pushed before SETUP_FINALLY for it to
  // unwind; the dead END_FINALLY is followed by a dead POP_TOP of that None.
  const bool none_pushed = (index >= 1 && loads_none(index - 1)) ||
                           (index >= 2 && loads_none(index - 2) && instrs[index - 1].op == Op::SetupFinally);
  if (!finally_falls && none_pushed && end + 1 < int(instrs.size()) && instrs[end + 1].op == Op::PopTop &&
      !graph_.blocks[block_at(end)].reachable && !stack.empty() && stack.back().kind == Value::Kind::Expr &&
      stack.back().expr && ast::as<ast::Constant>(stack.back().expr)) {
    visited_[end + 1] = 1;
    stack.pop_back();
    return -1;
  }
  return end + 1;
}

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
  mark_handler_code_visited(handler, index, suppressed_resume);
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
