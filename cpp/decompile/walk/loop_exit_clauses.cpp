// `except E: continue` (or break) inside a loop: the clause ends with a jump
// to the loop's continue target or exit, which says nothing about where the
// try statement itself ends. The code after the body is either the try's
// else clause or code after the try; the two compile alike, and what tells
// them apart depends on the version:
//   ≤3.9  the compiler still emits the clause's normal ending after the
//         jump (dead code): POP_EXCEPT; JUMP to where the try ends;
//   3.11  the else clause lies before the handler, code after the try
//         after it;
//   3.12+ the else clause is compiled before the except clauses, so the
//         order of first use in co_names says which it was;
//   3.10  both forms compile to the same code.
#include <algorithm>

#include "decompile/idioms/cold_code_order.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

using ir::Op;

int FunctionDecompiler::loop_exit_jump(int at, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (region.loop == nullptr || at < 0 || at >= count) return -1;
  // (A jump to the while test repeated at the end of the body is the
  // clause falling off the end of the body.)
  auto exits_loop = [&](int k) {
    if (k >= count || instrs[k].op != Op::Jump) return false;
    const int target = instrs[k].target;
    if (is_repeated_loop_test(*region.loop, target)) return false;
    return target == region.loop->follow || region.loop->continues_at(target);
  };
  if (exits_loop(at)) return at;
  const bool for_loop = instrs[graph_.blocks[region.loop->header_block].first].op == Op::ForIter;
  if (!for_loop || instrs[at].op != Op::PopTop) return -1;
  if (exits_loop(at + 1) && instrs[at + 1].target == region.loop->follow) return at + 1;
  // 3.10+ jump to a copy of the short code after the loop (`return x`).
  if (const int n = exit_copy_length(at + 1, region.loop->follow); n > 0) return at + n;
  return -1;
}

bool FunctionDecompiler::is_loop_break(int exit, const Region& region) const {
  const ir::Instr& jump = function_.instrs[exit];
  return jump.op != Op::Jump || jump.target == region.loop->follow;
}

ast::StmtPtr FunctionDecompiler::loop_exit_statement(int exit, const Region& region) const {
  return is_loop_break(exit, region) ? ast::StmtPtr(make::break_()) : ast::StmtPtr(make::continue_());
}

// A break/continue in an except clause nested in another except clause
// leaves the enclosing clause too: after the inner clause's POP_EXCEPT come
// the enclosing clause's ending, [POP_BLOCK (≤3.10, its name's cleanup
// block)] POP_EXCEPT [`name = None; del name`], then the jump. The index
// past those endings (`at` when there are none). Without it the inner
// clause read as falling off its end, and the jump was written after the
// inner try, where the inner try body's normal path ran it too (pdb.main
// 3.9-3.13: an endless loop).
int FunctionDecompiler::past_enclosing_clause_exits(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  for (;;) {
    int k = at;
    while (k < count && instrs[k].op == Op::PopBlock) ++k;
    if (k >= count || instrs[k].op != Op::PopExcept) return at;
    ++k;
    if (k + 2 < count && instrs[k].op == Op::LoadConst && is_name_store(instrs[k + 1].op) &&
        is_name_delete(instrs[k + 2].op) && instrs[k + 1].name == instrs[k + 2].name)
      k += 3;
    at = k;
  }
}

// Whether code in [from, to] is also reached by a jump from elsewhere: the
// ending of an enclosing clause that the inner try's normal path shares is
// where the inner clause falls off its end (3.10 lay it out right after
// the inner clause: turtledemo.lindenmayer draw), not a written jump's own
// unwinding.
bool FunctionDecompiler::shared_with_other_paths(int from, int to) const {
  for (int k = std::max(from, 1); k <= to; ++k) {
    const cfg::Block& block = graph_.blocks[block_at(k)];
    if (block.first != k) continue;
    const int before = block_at(k - 1);
    for (int predecessor : block.predecessors)
      if (predecessor != before && graph_.blocks[predecessor].reachable) return true;
  }
  return false;
}

// 3.12+ `break` out of a while loop whose follow is short code ending the
// function: the break runs its own copy of that code (for `return None`,
// which has no line of its own, on the break's line) instead of jumping.
// 3.10 too, from an except clause (_collections_abc Sequence.index).
// Returns the copy's length at `at`, or 0. (A `return` of the same value
// written there compiles the same and runs the same.)
int FunctionDecompiler::while_break_copy_length(int at, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 10 || code_.version.minor == 11 || region.loop == nullptr || at < 0 || at >= count ||
      visited_[at])
    return 0;
  const int follow = region.loop->follow;
  if (follow < 0 || follow >= count || follow == at || instrs[at].handler != instrs[follow].handler) return 0;
  if (instrs[graph_.blocks[region.loop->header_block].first].op == Op::ForIter) return 0;
  if (returns_none_at(at) && returns_none_at(follow)) return 2;
  return exit_copy_length(at, follow);
}

// 3.10+ `break` in a for loop whose follow is short code ending the
// function (`return x`): the break pops the iterator and runs its own copy
// of that code. Returns the length of the POP_TOP and the copy, or 0. (A
// `return x` inside the loop evaluates x before popping the iterator; a
// constant return pops first and compiles the same either way: left as is.)
// Also a break that falls straight into the follow (length 1): when the
// loop's exit is its follow and nothing in the body gets back to the
// header (`for i in x: break` ending an outer loop body), the break's jump
// went to the next instruction and was dropped.
int FunctionDecompiler::break_to_exit_copy(int pop_top, const Region& region, const Stack& stack) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (region.loop == nullptr || region.loop->follow < 0 || stack.empty() || stack.back().kind != Value::Kind::Iterator)
    return 0;
  if (instrs[graph_.blocks[region.loop->header_block].first].op != Op::ForIter) return 0;
  if (pop_top + 1 == region.loop->follow) return 1;
  // A for loop ending the handler's copy of a finally body: its break runs
  // the compiler's own re-raise that ends the copy (3.9+ RERAISE; a written
  // bare `raise` is RAISE_VARARGS), copied in with the break's line, so
  // exit_copy_length does not see it as the copy it is. Read as `raise`, it
  // would re-raise where the normal path goes on after the try.
  // (With an else clause, or code after the loop, in the finally body, the
  // break skips code that no jump shows: refused.)
  if (pop_top + 1 < count && instrs[pop_top + 1].op == Op::Reraise) {
    int natural = region.loop->exit;
    while (natural >= 0 && natural < count && instrs[natural].op == Op::EndFor) ++natural;
    if (natural < 0 || natural >= count || instrs[natural].op != Op::Reraise ||
        instrs[natural].arg != instrs[pop_top + 1].arg || instrs[natural].handler != instrs[pop_top + 1].handler)
      fail(pop_top, "break to the re-raise ending a finally body, past code after its loop");
    return 2;
  }
  // (3.13: a copy of the except clause's end that follows the loop.)
  if (const int n = clause_end_copy_length(pop_top + 1); n > 0 && goes_on_alike(pop_top + 1, region.loop->follow))
    return n + 1;
  if (code_.version.minor < 10 || pop_top + 2 >= count) return 0;
  // (A `return CONSTANT` compiles the same, and is read so, unless the
  // loop's follow, past its else clause, is that very code.)
  if (instrs[pop_top + 1].op == Op::LoadConst && instrs[pop_top + 2].op == Op::ReturnValue &&
      (region.loop->follow == region.loop->exit || exit_copy_length(pop_top + 1, region.loop->follow) != 2))
    return 0;
  const int n = exit_copy_length(pop_top + 1, region.loop->follow);
  if (n > 0) return n + 1;
  // 3.12+ copy the code after a loop that ends the protected code, lying
  // outside the protection, into each break too, whatever it ends in
  // (3.13: the jump closing an except* clause). It repeats the code after
  // the loop's exit (FOR_ITER's target, past END_FOR).
  if (code_.version.minor < 12 || region.protection < 0 || within_protection(pop_top + 1, region.protection)) return 0;
  if (const int end = except_star_clause_end_copy(pop_top + 1, region); end > 0) return end + 1;
  const int after_loop = region.loop->exit;
  if (after_loop < 0 || after_loop >= count || within_protection(after_loop, region.protection)) return 0;
  const int copy = code_copy_length(pop_top + 1, after_loop);
  return copy > 0 ? copy + 1 : 0;
}

// 3.10/3.11 give a `break` whose loop ends the function (through the end
// of a try body or an if) its own copy of the implicit `return None`, with
// the break's line (after the try body's POP_BLOCK, 3.10), where the loop's
// natural exit, or its else clause, runs into another: the break goes to
// the code after the loop. Whether `target` and `follow` are two such copies.
bool FunctionDecompiler::is_break_return_copy(int target, int follow) const {
  const int count = int(function_.instrs.size());
  auto implicit_return = [&](int at) {
    if (at < 0 || at + 2 >= count) return false;
    if (function_.instrs[at].op != Op::PopBlock) return returns_none_at(at) && is_implicit_return_copy(at + 1);
    // (After a POP_BLOCK: a copy only jumped to takes the jumps' line.)
    const cfg::Block& block = graph_.blocks[block_at(at)];
    if (!returns_none_at(at + 1) || block.first != at || block.predecessors.empty()) return false;
    return std::all_of(block.predecessors.begin(), block.predecessors.end(), [&](int p) {
      const ir::Instr& jump = function_.instrs[graph_.blocks[p].last];
      return jump.target == at && jump.line == function_.instrs[at + 1].line;
    });
  };
  if (code_.version.minor < 10 || code_.version.minor > 11 || target == follow || !implicit_return(target) ||
      !implicit_return(follow) || graph_.blocks[block_at(target)].first != target)
    return false;
  return function_.instrs[target].op == function_.instrs[follow].op &&
         function_.instrs[target].handler == function_.instrs[follow].handler;
}

// Where the code after a loop starts whose one break goes to its own copy
// of the implicit return (is_break_return_copy): the copy the natural exit
// runs into, itself or at the end of the else clause; -1 if none or several.
int FunctionDecompiler::break_return_copy_follow(int break_target, int natural_exit) const {
  if (natural_exit < 0) return -1;
  if (is_break_return_copy(break_target, natural_exit)) return natural_exit;
  const int exit_block = block_at(natural_exit);
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || b.first <= natural_exit || !graph_.dominates(exit_block, b.id)) continue;
    if (!is_break_return_copy(break_target, b.first)) continue;
    if (found >= 0) return -1;
    found = b.first;
  }
  return found;
}

// 3.10+ `for ...: ... break` + `else: ...`, where the code after the whole
// statement is short code ending the function: each break pops the iterator
// and runs its own copy of that code, so no jump says where the loop
// statement ends. The copies do: the code they repeat, found after the
// loop's natural exit, follows the else clause. Returns where it starts, or
// -1 (no such break, or the copies disagree, or no else clause). A copied
// `return CONSTANT` is left out: `return` inside the loop compiles the same.
int FunctionDecompiler::copied_break_target(const cfg::Loop& loop, int natural_exit) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 10 || natural_exit < 0 || natural_exit >= count) return -1;
  const int exit_block = block_at(natural_exit);
  int target = -1;
  int own_copy = -1;  // the first break's copy, where no other code is the original
  const std::vector<char> from_exit = reachable_without_exceptions(exit_block);
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(loop.header, b.id) ||
        graph_.dominates(exit_block, b.id) || instrs[b.last].op != Op::ReturnValue)
      continue;
    // The break: POP_TOP, then a copy of code after the loop to the block's end.
    int found = -1;
    for (int pop_top = b.first; pop_top + 2 <= b.last && found < 0; ++pop_top) {
      if (instrs[pop_top].op != Op::PopTop) continue;
      // (A `return CONSTANT` compiles like a break to a copy of it, unless
      // the constant entered co_consts after one the else clause brought.)
      const bool constant_return = instrs[pop_top + 1].op == Op::LoadConst && instrs[pop_top + 2].op == Op::ReturnValue;
      if (constant_return && !constant_added_after_else(instrs[pop_top + 1].arg, exit_block)) continue;
      const int length = b.last - pop_top;
      if (exit_copy_length(pop_top + 1, natural_exit) == length) return -1;  // no else clause
      // (That code may be shared with paths around the loop, `return True`
      // ending an enclosing if: the constant's place says it came after.
      // A copy that loads after popping the iterator is no `return value`
      // of the body, which loads first: the code the exit runs on to.
      // The last such place: the original, where the copies, inlined
      // where jumps went to it, come before.)
      for (int k = count - 1; k > natural_exit && found < 0; --k)
        if ((constant_return || graph_.dominates(exit_block, block_at(k)) || from_exit[block_at(k)]) &&
            graph_.blocks[block_at(k)].reachable && !loop.contains[block_at(k)] &&
            exit_copy_length(pop_top + 1, k) == length)
          found = k;
    }
    if (found < 0) {
      if (const int copy = break_copy_without_original(b, exit_block); copy >= 0) {
        if (own_copy >= 0 && exit_copy_length(own_copy, copy) != b.last - copy + 1) return -1;
        if (own_copy < 0) own_copy = copy;
      }
      continue;
    }
    if (target >= 0 && target != found) return -1;
    target = found;
  }
  return target >= 0 ? target : own_copy;
}

// 3.12+ `for ...: ... break` + `else:` ending in a raise or return, the
// code after the statement short code ending the function: only breaks
// reach that code, and each runs its own copy, so the original is gone
// (`for c in cands: try: ...; break except E: ...` + `else: raise ...` +
// `return r.copy()`). Such a break pops the iterator *before* it computes
// the value; `return value` in the body computes it first and then pops the
// iterator below it. Returns where the copy after that POP_TOP starts (the
// loop's follow, walked after the loop statement), or -1. (A copied
// `return CONSTANT` compiles the same as one in the body: left out.)
int FunctionDecompiler::break_copy_without_original(const cfg::Block& b, int exit_block) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 12) return -1;
  // The else clause never falls through to code after the loop.
  for (const cfg::Block& e : graph_.blocks)
    if (e.reachable && graph_.dominates(exit_block, e.id))
      for (int next : e.successors)
        if (!graph_.dominates(exit_block, next)) return -1;
  // The POP_TOP is the last one: the copy is a value and its return.
  int pop_top = -1;
  for (int i = b.first; i < b.last; ++i)
    if (instrs[i].op == Op::PopTop) pop_top = i;
  if (pop_top < 0 || b.last - pop_top < 3 || b.last - pop_top > 6) return -1;
  if (instrs[pop_top + 1].op == Op::LoadConst && pop_top + 2 == b.last) return -1;
  // (Not `return value` leaving an except clause too: the value is swapped
  // below the iterator's pop and the clause's POP_EXCEPT.)
  if (pop_top > b.first && instrs[pop_top - 1].op == Op::Swap) return -1;
  for (int i = pop_top + 1; i < b.last; ++i)
    if (instrs[i].op == Op::Swap || instrs[i].op == Op::PopExcept || instrs[i].op == Op::Copy ||
        instrs[i].op == Op::Jump || instrs[i].op == Op::ForIter || ir::is_conditional_jump(instrs[i].op) ||
        instrs[i].handler != instrs[b.last].handler)
      return -1;
  return pop_top + 1;
}

// Whether co_consts position `constant` comes after a constant that the
// code `else_block` dominates (a loop's else clause) loads first: the
// compiler met that code before the constant.
bool FunctionDecompiler::constant_added_after_else(int constant, int else_block) const {
  const std::vector<int> first_load = first_constant_loads();
  for (int c = 0; c < constant && c < int(first_load.size()); ++c) {
    const int i = first_load[c];
    if (i >= 0 && !loads_none(i) && graph_.blocks[block_at(i)].reachable && graph_.dominates(else_block, block_at(i)))
      return true;
  }
  return false;
}

// ≤3.9: the unreachable `POP_EXCEPT; [unbinding]; JUMP x` following the
// jump that ends a clause at `after_jump`: x, or -1.
int FunctionDecompiler::dead_clause_exit(int after_jump, const std::string& name) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  int i = after_jump;
  if (code_.version.minor > 9 || i >= count || graph_.blocks[block_at(i)].reachable) return -1;
  // (A named clause's body sits in the try/finally that unbinds the name:
  // its POP_BLOCK comes first.)
  if (!name.empty() && instrs[i].op == Op::PopBlock && i + 1 < count) ++i;
  if (instrs[i].op != Op::PopExcept) return -1;
  ++i;
  i = after_name_unbinding(i, name);
  if (i >= count || instrs[i].op != Op::Jump) return -1;
  return instrs[i].target;
}

// 3.12+ `while True:` whose try statement ends in `break` (in its body or
// else clause), the code after the loop placed right after the try body:
// the break's jump to it was dropped, leaving only a NOP on the break's
// line. Code outside the loop entered from the try body there, that starts
// after such a line of its own, is the loop's follow; -1 when there is not
// exactly one. (A return in the body has no such line before it.)
int FunctionDecompiler::break_line_marker_target(int header_block, const cfg::Loop& loop) const {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 12) return -1;
  if (loop.latches.empty()) return -1;
  // (3.11+ protect the header of a loop whose body starts with a try: the
  // protection outside the loop is the latch's.)
  const int outside = graph_.blocks[loop.latches[0]].handler_block;
  int found = -1;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || loop.contains[b.id] || !graph_.dominates(header_block, b.id) || b.handler_block != outside ||
        b.predecessors.empty())
      continue;
    const bool leaves_try_body = std::all_of(b.predecessors.begin(), b.predecessors.end(), [&](int p) {
      // (A try body whose handler gets back to the header is loop code.)
      const int handler = graph_.blocks[p].handler_block;
      // (Falling off its end: not a conditional jump's other way, as an
      // `if c: break` leaves a with body, through its exit call.)
      const ir::Op end = instrs[graph_.blocks[p].last].op;
      return handler >= 0 && handler != b.handler_block && (loop.contains[p] || loop.contains[handler]) &&
             graph_.blocks[p].last + 1 == b.first && !ir::is_conditional_jump(end) && end != Op::Jump;
    });
    const ir::Instr& first = instrs[b.first];
    if (!leaves_try_body || with_exit_call_length(b.first) > 0 || first.nop_line == 0 || first.nop_line == first.line ||
        !unwinds_with_line_of_its_own(b.first))
      continue;
    if (found >= 0) return -1;
    found = b.first;
  }
  return found;
}

// 3.13 `try: with ...: ...; break` in a for loop: the jump that goes on
// after the with when `__exit__` suppresses lands on the break's POP_TOP
// and, the break being in the try body, keeps the try's handler. (With the
// break after the try, that jump goes to the end of the try body, and is
// left unprotected.) Marks the break (POP_TOP, its jump or the copy of the
// code after the loop) and returns true when that is the shape at `at`.
bool FunctionDecompiler::break_after_protected_with(int at, const Region& region) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 13 || region.loop == nullptr || at <= 0 || at >= count || visited_[at] ||
      instrs[at].op != Op::PopTop || instrs[graph_.blocks[region.loop->header_block].first].op != Op::ForIter)
    return false;
  const int handler = instrs[at - 1].handler;
  if (handler < 0 || instrs[at].handler == handler) return false;
  const bool protected_jump = std::any_of(instrs.begin(), instrs.end(), [&](const ir::Instr& j) {
    return j.op == Op::Jump && j.target == at && j.handler == handler;
  });
  if (!protected_jump) return false;
  int end = -1;
  if (at + 1 == region.loop->follow)
    end = at;
  else if (const int exit = loop_exit_jump(at, region); exit >= 0 && is_loop_break(exit, region))
    end = exit;
  if (end < 0) return false;
  for (int k = at; k <= end; ++k) visited_[k] = 1;
  return true;
}

// 3.12+ a `break` ending an except clause in a for loop, at its start:
// POP_EXCEPT, the `as name` unbinding (of each clause left), then the POP_TOP of the loop's
// iterator. (Code after a loop inside a clause starts with POP_EXCEPT too,
// but a break of that loop popped the iterator before jumping there.)
bool FunctionDecompiler::starts_clause_break(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 12 || at < 0 || at + 1 >= count || instrs[at].op != Op::PopExcept ||
      graph_.blocks[block_at(at)].first != at)
    return false;
  // (Each clause left, innermost first: a break in a clause nested in
  // another leaves both.)
  int i = at;
  while (i + 1 < count && instrs[i].op == Op::PopExcept) {
    ++i;
    if (i + 3 < count && instrs[i].op == Op::LoadConst && ir::is_name_store(instrs[i + 1].op) &&
        ir::is_name_delete(instrs[i + 2].op) && instrs[i + 1].name == instrs[i + 2].name)
      i += 3;
  }
  return instrs[i].op == Op::PopTop;
}

// ≤3.10 `try: ...; break`: the body's POP_BLOCK is followed right away by
// the break/continue (an else clause would be jumped to). Emits it into the
// body; true when it did.
bool FunctionDecompiler::finish_loop_exit_after(int body_end, int join, const Region& region, ast::Body& body) {
  const auto& instrs = function_.instrs;
  // 3.11 end a try body with its jump, no POP_BLOCK: a `break` written
  // there when the clauses go back to the header (after the try there is
  // no break to get to: that would have been their way too, unless they
  // `continue`) and the jump has a line of its own, the break's (the jump
  // ending a body takes the line of its last statement).
  if (code_.version.minor == 11 && region.loop && join >= 0 && region.loop->continues_at(join) && body_end > 0 &&
      body_end < int(instrs.size()) && instrs[body_end].op == Op::Jump &&
      instrs[body_end].target == region.loop->follow && !visited_[body_end] && instrs[body_end - 1].op != Op::Jump &&
      instrs[body_end].line != instrs[body_end - 1].line) {
    visited_[body_end] = 1;
    if (body.size() == 1 && ast::as<ast::Pass>(body[0])) body.clear();
    emit(body, make::break_(), body_end);
    return true;
  }
  // 3.12+: the body falls into the loop's follow (a `while True:` left by
  // the break that ends the try, its jump to the next code dropped). (Not
  // when the clauses go on there too: the break after the try.)
  if (code_.version.minor >= 12 && region.loop && body_end == region.loop->follow && body_end > 0 &&
      region.loop->follow != region.stop && join != region.loop->follow) {
    if (body.size() == 1 && ast::as<ast::Pass>(body[0])) body.clear();
    emit(body, make::break_(), body_end - 1);
    return true;
  }
  if (break_after_protected_with(body_end, region)) {
    if (body.size() == 1 && ast::as<ast::Pass>(body[0])) body.clear();
    emit(body, make::break_(), body_end);
    return true;
  }
  if (code_.version.minor > 10 || body_end <= 0 || body_end >= int(instrs.size()) ||
      instrs[body_end - 1].op != Op::PopBlock)
    return false;
  const int exit = loop_exit_jump(body_end, region);
  if (exit < 0 || instrs[exit].op != Op::Jump) return false;
  const bool is_break = is_loop_break(exit, region);
  // A try ending the loop body jumps back to the header by itself; a
  // written `continue` leaves the body's own (dead) ending after it (≤3.9),
  // or (3.10) jumps back while the clauses go on after the try.
  // (≤3.9: a break as well; without that ending the body's own jump was
  // threaded to the target of a `break` written after the try.)
  const bool dead_ending =
      code_.version.minor <= 9 && exit + 1 < int(instrs.size()) && !graph_.blocks[block_at(exit + 1)].reachable;
  if (is_break && code_.version.minor <= 9 && !dead_ending) return false;
  if (!is_break) {
    const bool clauses_go_on =
        code_.version.minor == 10 && join >= 0 && !region.loop->continues_at(join) && join != region.loop->follow;
    if (!dead_ending && !clauses_go_on) return false;
  }
  for (int k = body_end; k <= exit; ++k) visited_[k] = 1;
  if (body.size() == 1 && ast::as<ast::Pass>(body[0])) body.clear();
  emit(body, loop_exit_statement(exit, region), exit);
  return true;
}

// ≤3.9: a clause's jump back to the loop's header at `exit` with no dead
// ending after it is where the clause ends by itself (the try ends the
// loop body), not a written `continue`. So is one to the loop's follow:
// the try ran on into a `break` written after it, and the peephole
// optimizer threaded the jump to that break's target.
bool FunctionDecompiler::natural_clause_end(int exit, const std::string& name, const Region& region) const {
  const ir::Instr& jump = function_.instrs[exit];
  if (code_.version.minor > 9 || jump.op != Op::Jump || dead_clause_exit(exit + 1, name) >= 0) return false;
  // (Not a for loop's break, POP_TOP; JUMP: a jump from the clause to a
  // break after the try is never threaded into a copy of it. Right after
  // the clause's POP_EXCEPT that is a break the clause itself ran, or
  // 3.9's `finally: break`, whose handler copy drops the exception as a
  // bare except clause does; read as the clause's own end, the exception
  // went on with the loop instead of leaving it.)
  if (exit > 0 && function_.instrs[exit - 1].op == Op::PopTop) return false;
  // (Not where that break is still reached by a jump of its own, which the
  // optimizer could not thread: tarfile TarFile.next 3.9.)
  if (region.loop && jump.target == region.loop->follow) {
    for (const cfg::Block& b : graph_.blocks)
      if (b.reachable && b.first > exit && is_lone_jump(b.first, region.loop->follow)) return false;
    return true;
  }
  return jump.target == graph_.blocks[graph_.block_of[jump.target]].first && jump.target < exit;
}

// The join of a try whose clauses all end in break/continue (`loop_join`,
// the loop's target) when the body falls on to `body_end`: `loop_join`
// when the code after the body is an else clause, else `body_end`.
int FunctionDecompiler::join_after_loop_exit_clauses(int body_end, int handler, int loop_join, int dead_exit,
                                                     const Region& region) const {
  const int count = int(function_.instrs.size());
  const int after_body = resolve_jumps(body_end);
  if (after_body == loop_join || after_body < 0 || after_body >= count) return loop_join;
  // (≤3.9 with no dead ending: the clause's own jump is its natural end.)
  // (A dead ending back to the loop's header, while the body goes on to
  // code of its own: the try statement ran to the end of the loop body,
  // so that code was its else clause.)
  if (code_.version.minor <= 9) {
    if (dead_exit >= 0 && region.loop && region.loop->continues_at(dead_exit) && !region.loop->continues_at(after_body))
      return loop_join;
    // (A dead ending past the code after the body, still in the loop: the
    // try ends there, so the code up to it was the else clause.)
    if (dead_exit > after_body && dead_exit != loop_join && region.loop && !region.loop->continues_at(dead_exit) &&
        dead_exit != region.loop->follow && (dead_exit == region.stop || inside(dead_exit, region)))
      return dead_exit;
    return dead_exit >= 0 && dead_exit != loop_join ? body_end : loop_join;
  }
  // 3.10+ clauses that jump to the while test repeated at the end of the
  // body fell off the end of the loop body (`continue` jumps to the test at
  // the top): nothing followed the try there, so the code after the body
  // was its end or else clause (a `break` there runs its own copy of the
  // code after the loop: unittest.loader TestLoader.loadTestsFromName).
  if (region.loop && is_repeated_loop_test(*region.loop, loop_join)) return loop_join;
  // 3.11 place the else clause between the body and the handler, and code
  // after the try after the handler.
  // (An else clause that jumps over the handler to code still in the loop
  // ends there: that code follows the try.)
  if (code_.version.minor == 11) {
    if (after_body > handler) return body_end;
    const ir::Instr& last = function_.instrs[handler - 1];
    if (last.op == Op::Jump && last.target > handler && last.target != loop_join && region.loop &&
        !region.loop->continues_at(last.target) && last.target != region.loop->follow && inside(last.target, region))
      return last.target;
    return loop_join;
  }
  // 3.12+: inside code only exceptions reach, blocks keep codegen order:
  // code after the body laid out before the handler was compiled before
  // the except clauses, the body's end or its else clause (the same
  // code), not code after the try (cold_code_order.cpp).
  if (code_.version.minor >= 12 && after_body < handler) {
    const std::vector<char> warm = blocks_reached_without_exceptions(graph_);
    if (!warm[block_at(after_body)] && !warm[block_at(handler)]) return loop_join;
  }
  // (3.14: its loads tell, code_after_try_loads.cpp.)
  if (const int by_loads = else_clause_by_loads(after_body); by_loads != 0) {
    if (by_loads < 0) return body_end;
    const int end = region.loop ? try_end_after_borrowing_else(after_body, region.loop->header_block, handler) : -1;
    return end >= 0 ? end : loop_join;
  }
  if (code_.version.minor >= 12) {
    // The code after the body runs until the loop's latch (the handler's
    // code, which jumps back into the loop, lies elsewhere).
    const int limit = handler > after_body ? handler : count;
    int loop_end = after_body + 1;
    for (const cfg::Loop& loop : graph_.loops) {
      if (loop.header != region.loop->header_block) continue;
      for (const cfg::Block& b : graph_.blocks)
        if (loop.contains[b.id] && b.first >= after_body && b.last < limit) loop_end = std::max(loop_end, b.last + 1);
    }
    const int clauses_end = count;
    if (else_compiled_first(after_body, loop_end, handler, clauses_end) == 1) return loop_join;
  }
  return body_end;
}

}  // namespace depyf::decompile
