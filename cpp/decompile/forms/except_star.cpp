// try/except* (PEP 654, 3.11+). The handler of the try body does not test
// the exception once per clause as `except` does: it keeps the exception
// group, a list of what the clauses raise and the part not yet matched
// (`rest`), and lets each clause split `rest` with CHECK_EG_MATCH:
//
//   PUSH_EXC_INFO
//   COPY 1; BUILD_LIST 0; SWAP 2        (3.11)  [prev, orig, list, rest]
//   BUILD_LIST 0; COPY 2                (3.12+)
//   per clause:
//     <type>; CHECK_EG_MATCH            [.., rest, match or None]
//     COPY 1; POP_JUMP_IF_NONE no_match
//     STORE name | POP_TOP
//     <body, protected by a cleanup handler of its own>
//     [name = None; del name]; JUMP next          (the normal end)
//   cleanup: [name = None; del name]; LIST_APPEND 3; POP_TOP; JUMP next
//   no_match: POP_TOP
//   next: the next clause; after the last one, LIST_APPEND 1 (the rest)
//   PREP_RERAISE_STAR (3.12+: CALL_INTRINSIC_2 1); COPY 1
//   POP_JUMP_IF_NOT_NONE reraise; POP_TOP; POP_EXCEPT; <code after the try>
//   reraise: SWAP 2; POP_EXCEPT; RERAISE 0
//
// The jumps between the pieces are threaded and, on 3.13, the LIST_APPEND 1
// copied into each path, so the pieces are followed through that glue
// rather than expected at fixed places. return/break/continue cannot
// appear in an except* clause (a SyntaxError), so a clause body either
// falls to its end or raises.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_name_store;
using ir::Op;

// The handler of a try body with except* clauses starts by building the
// list that collects what its clauses raise.
bool FunctionDecompiler::is_except_star_handler(int handler) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const int p = handler_body_start(handler);
  if (code_.version.minor < 11 || p + 3 >= count) return false;
  auto is = [&](int at, Op op, int arg) { return instrs[at].op == op && instrs[at].arg == arg; };
  if (code_.version.minor == 11) return is(p, Op::Copy, 1) && is(p + 1, Op::BuildList, 0) && is(p + 2, Op::Swap, 2);
  return is(p, Op::BuildList, 0) && is(p + 1, Op::Copy, 2);
}

// PREP_RERAISE_STAR, which 3.12 made an intrinsic.
bool FunctionDecompiler::prepares_reraise_star(int at) const {
  const ir::Instr& instr = function_.instrs[at];
  return instr.op == Op::PrepReraiseStar || (instr.op == Op::CallIntrinsic2 && instr.arg == 1);
}

// Follows the glue between the pieces of an except* handler from `at`
// (jumps, and the LIST_APPEND 1 that adds the unmatched rest to the list,
// counted in `appends`), marking it decompiled; where it lands.
int FunctionDecompiler::follow_except_star_glue(int at, int& appends) {
  const auto& instrs = function_.instrs;
  for (int steps = 0; steps < 16; ++steps) {
    if (at < 0 || at >= int(instrs.size())) break;
    const ir::Instr& instr = instrs[at];
    if (instr.op == Op::Jump) {
      visited_[at] = 1;
      at = instr.target;
    } else if (instr.op == Op::Nop) {
      visited_[at++] = 1;
    } else if (instr.op == Op::ListAppend && instr.arg == 1) {
      visited_[at++] = 1;
      ++appends;
    } else {
      return at;
    }
  }
  fail(at, "unrecognised except* clause ending");
}

// Where normal flow leaves the body of an except* clause that starts at
// `start` under its cleanup handler: the first instructions of the blocks
// outside it that the body's blocks go on to, also through the handlers
// of statements inside it (an async for loop ends through its
// END_ASYNC_FOR handler). (3.12+ leave a loop's jump back unprotected;
// such blocks still belong to the body.)
std::vector<int> FunctionDecompiler::clause_body_exits(int start, int cleanup) const {
  auto inside = [&](int block) {
    const int first = graph_.blocks[block].first;
    return within_protection(first, cleanup) || jumps_back_into(first, cleanup);
  };
  std::vector<int> exits;
  std::vector<char> seen(graph_.blocks.size(), 0);
  std::vector<int> work{block_at(start)};
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block]) continue;
    seen[block] = 1;
    if (!inside(block)) {
      exits.push_back(graph_.blocks[block].first);
      continue;
    }
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
    // Handlers inside the body (a nested try's clauses run on to the code
    // after it, which may be the clause's end) other than the cleanup.
    if (const int handler = graph_.blocks[block].handler_block; handler >= 0 && handler != block_at(cleanup))
      work.push_back(handler);
  }
  std::sort(exits.begin(), exits.end());
  return exits;
}

// The length of the code from `at` that only ends the except* clause being
// walked ([name = None; del name], the glue on to where the clause ends),
// when `region` is that clause's body; 0 when it is not that. A loop in the
// body that ends it breaks through such a copy (3.13).
int FunctionDecompiler::except_star_clause_end_copy(int at, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const ExceptStarClause& clause = except_star_clause_;
  if (clause.cleanup < 0 || region.protection != clause.cleanup || at < 0 || at >= count ||
      within_protection(at, clause.cleanup))
    return 0;
  int k = after_name_unbinding(at, clause.name);
  if (k < count && instrs[k].op == Op::ListAppend && instrs[k].arg == 1) ++k;
  if (k >= count || instrs[k].op != Op::Jump) return 0;
  // Where the jump goes, through jumps and the last clause's LIST_APPEND 1.
  int to = instrs[k].target;
  for (int steps = 0; steps < 16 && to >= 0 && to < count; ++steps) {
    if (instrs[to].op == Op::Jump)
      to = instrs[to].target;
    else if (instrs[to].op == Op::ListAppend && instrs[to].arg == 1)
      ++to;
    else
      break;
  }
  return to == clause.landing ? k + 1 - at : 0;
}

// 3.13: a for loop with an else clause ending an except* clause's body.
// Its breaks pop the iterator and run their own copies of the clause's end,
// so no jump says where the loop statement ends: it ends with the clause,
// and the code from the loop's exit to there is its else clause. The
// follow of the loop with header `header_block`, or -1.
int FunctionDecompiler::except_star_loop_follow(int header_block, int natural_exit, const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  const ExceptStarClause& clause = except_star_clause_;
  if (clause.cleanup < 0 || region.protection != clause.cleanup || natural_exit < 0 || natural_exit >= count ||
      !within_protection(natural_exit, clause.cleanup))
    return -1;
  // (Not the breaks of a loop inside the else clause.)
  const int exit_block = block_at(natural_exit);
  bool breaks = false;
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || !graph_.dominates(header_block, b.id) || graph_.dominates(exit_block, b.id) ||
        instrs[b.last].op != Op::PopTop || b.last + 1 >= count)
      continue;
    if (except_star_clause_end_copy(b.last + 1, region) > 0) breaks = true;
  }
  if (!breaks) return -1;
  const int end = first_outside(natural_exit, clause.cleanup);
  return end < count ? end : -1;
}

int FunctionDecompiler::decode_except_star_clauses(int handler, const Region& region, const Stack& stack,
                                                   std::vector<ast::ExceptHandler>& handlers,
                                                   std::vector<ClauseTail>& tails) {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  int p = handler_body_start(handler);
  const int prologue = code_.version.minor == 11 ? 3 : 2;
  for (int k = 0; k < prologue; ++k) visited_[p + k] = 1;
  p += prologue;
  // [previous exception, exception group, list of raised, rest]
  Stack base_stack = stack;
  push_exception_values(base_stack);
  base_stack.push_back(Value::unknown("except_star_raised"));
  base_stack.push_back(Value::unknown("except_star_rest"));
  // The handler's own code runs under this (what protects the try statement).
  const int outer = p < count ? instrs[p].handler : -1;
  for (int clause = 0;; ++clause) {
    if (clause >= 256 || p >= count) fail(handler, "unrecognised except* clauses");
    Stack clause_stack = base_stack;
    // The type test: <type> CHECK_EG_MATCH; COPY 1; POP_JUMP_IF_NONE.
    ast::Body none;
    int q = p;
    while (q < count && instrs[q].op != Op::CheckEgMatch) {
      if (instrs[q].target >= 0 || instrs[q].op == Op::ReturnValue || instrs[q].op == Op::Reraise ||
          instrs[q].handler != outer)
        fail(q, "unrecognised except* clause");
      simulate(q++, clause_stack, none);
    }
    if (!none.empty() || q + 3 >= count || instrs[q + 1].op != Op::Copy || instrs[q + 1].arg != 1 ||
        instrs[q + 2].op != Op::PopJumpIfNone)
      fail(q, "unrecognised except* clause");
    ast::ExprPtr type = pop_expr(clause_stack, q);
    visited_[q] = visited_[q + 1] = visited_[q + 2] = 1;
    const int no_match = instrs[q + 2].target;
    p = q + 3;
    std::string name;
    if (is_name_store(instrs[p].op)) {
      name = instrs[p].name;
    } else if (instrs[p].op != Op::PopTop) {
      fail(p, "except* clause binds something other than a name");
    }
    visited_[p++] = 1;
    // Every way out of the clause must land at the same place: the next
    // clause, or (after the last, having added the rest to the list)
    // PREP_RERAISE_STAR. Where no match goes first says where that is.
    std::vector<std::pair<int, int>> landings;  // (where, LIST_APPEND 1 seen)
    auto land = [&](int from) {
      int appends = 0;
      const int at = follow_except_star_glue(from, appends);
      landings.emplace_back(at, appends);
    };
    if (no_match < 0 || no_match >= count || instrs[no_match].op != Op::PopTop) fail(q, "unrecognised except* clause");
    visited_[no_match] = 1;
    land(no_match + 1);
    // The body runs under its cleanup handler, which adds what it raises to
    // the list: [name = None; del name]; LIST_APPEND 3; POP_TOP. A body of
    // `pass` has no protected code (its cleanup is left unreachable).
    const int cleanup = outermost_new_handler(p, outer);
    ast::Body body;
    const std::size_t depth = clause_stack.size();
    int end = p;  // where the body ends normally (-1: it never does)
    if (cleanup >= 0) {
      const int append = after_name_unbinding(cleanup, name);
      if (append + 1 >= count || instrs[append].op != Op::ListAppend || instrs[append].arg != 3 ||
          instrs[append + 1].op != Op::PopTop)
        fail(p, "except* clause body without its cleanup");
      const int body_end = first_outside(p, cleanup);
      // (No loop: a clause cannot break out of or continue the loop around
      // the try; no finally copies or with exits on the way out either.)
      Region clause_region = region.sub(body_end, block_at(p), nullptr);
      clause_region.protection = cleanup;
      clause_region.clause_depth = -1;
      clause_region.clause_ends = nullptr;
      clause_region.clause_name.clear();
      clause_region.clause_returns = false;
      clause_region.finally_start = -1;
      clause_region.finally_length = 0;
      clause_region.outer_finally = nullptr;
      clause_region.finally_end = -1;
      clause_region.with_handler = -1;
      clause_region.with_normal_exit = -1;
      int stopped = -1;
      clause_region.stopped_at = &stopped;
      // (A loop in the body breaks through its own copy of the clause's end.)
      bool falls;
      {
        // (Restored however the walk ends: a failed trial walk is caught.)
        struct Restore {
          ExceptStarClause& slot;
          ExceptStarClause saved;
          ~Restore() { slot = saved; }
        } restore{except_star_clause_, except_star_clause_};
        except_star_clause_ = ExceptStarClause{cleanup, name, landings[0].first};
        falls = walk_region(p, clause_region, clause_stack, body);
      }
      if (falls) {
        end = stopped >= 0 ? stopped : body_end;
        if (clause_stack.size() != depth) fail(end, "except* clause body leaves values on the stack");
      } else {
        end = -1;
      }
    }
    if (body.empty()) body.push_back(make::pass());
    handlers.push_back(
        make::except_handler(type, name.empty() ? std::nullopt : std::optional<std::string>(name), body));
    // (3.13 copy the glue into each branch that ends the body, so a body
    // ending in if/else ends in several places: every exit is followed.)
    if (cleanup >= 0) {
      const std::vector<int> exits = clause_body_exits(p, cleanup);
      if (exits.empty() != (end < 0)) fail(p, "unrecognised except* clause body");
      for (int exit : exits) land(skip_name_unbinding(exit, name));
    } else {
      land(skip_name_unbinding(end, name));
    }
    if (cleanup >= 0) {
      const int append = skip_name_unbinding(cleanup, name);
      visited_[append] = visited_[append + 1] = 1;
      land(append + 2);
    }
    for (const auto& landing : landings)
      if (landing != landings.back()) fail(q, "except* clause whose ends go on to different places");
    const auto [next, appends] = landings.back();
    if (next < 0 || next >= count) fail(q, "unrecognised except* clause ending");
    if (!prepares_reraise_star(next)) {
      if (appends != 0) fail(next, "unrecognised except* clause ending");
      p = next;
      continue;
    }
    if (appends != 1) fail(next, "unrecognised except* clause ending");
    // PREP_RERAISE_STAR; COPY 1; POP_JUMP_IF_NOT_NONE reraise; POP_TOP; POP_EXCEPT.
    if (next + 4 >= count || instrs[next + 1].op != Op::Copy || instrs[next + 1].arg != 1 ||
        instrs[next + 2].op != Op::PopJumpIfNotNone || instrs[next + 3].op != Op::PopTop ||
        instrs[next + 4].op != Op::PopExcept)
      fail(next, "unrecognised end of except* clauses");
    for (int k = 0; k < 5; ++k) visited_[next + k] = 1;
    // reraise: SWAP 2; POP_EXCEPT; RERAISE 0.
    const int reraise = instrs[next + 2].target;
    if (reraise < 0 || reraise + 2 >= count || instrs[reraise].op != Op::Swap ||
        instrs[reraise + 1].op != Op::PopExcept || instrs[reraise + 2].op != Op::Reraise)
      fail(next, "unrecognised end of except* clauses");
    for (int k = 0; k < 3; ++k) visited_[reraise + k] = 1;
    // Nothing left to raise: on to the code after the try, by a jump or
    // through a copy of that code (or that code itself, when the body
    // never falls through), which the caller sorts out.
    const int after = next + 5;
    if (after < count && instrs[after].op == Op::Jump) {
      visited_[after] = 1;
      return instrs[after].target;
    }
    tails.push_back(ClauseTail{int(handlers.size()) - 1, after, stack});
    return -1;
  }
}

}  // namespace depyf::decompile
