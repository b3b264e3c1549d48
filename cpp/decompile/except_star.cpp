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
#include "code/error.hpp"
#include "decompile/function_decompiler.hpp"

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
    // The body runs under its cleanup handler, which adds what it raises to
    // the list: [name = None; del name]; LIST_APPEND 3; POP_TOP. A body of
    // `pass` has no protected code (its cleanup is left unreachable).
    const int cleanup = outermost_new_handler(p, outer);
    ast::Body body;
    const std::size_t depth = clause_stack.size();
    int end = p;  // where the body ends normally (-1: it never does)
    if (cleanup >= 0) {
      const int append = unbinds_name_at(cleanup, name) ? cleanup + 3 : cleanup;
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
      if (walk_region(p, clause_region, clause_stack, body)) {
        end = stopped >= 0 ? stopped : body_end;
        if (clause_stack.size() != depth) fail(end, "except* clause body leaves values on the stack");
      } else {
        end = -1;
      }
    }
    if (body.empty()) body.push_back(make::pass());
    handlers.push_back(make::except_handler(type, name.empty() ? std::nullopt : std::optional<std::string>(name), body));
    // Every way out of the clause must land at the same place: the next
    // clause, or (after the last, having added the rest to the list)
    // PREP_RERAISE_STAR.
    std::vector<std::pair<int, int>> landings;  // (where, LIST_APPEND 1 seen)
    auto land = [&](int from) {
      int appends = 0;
      const int at = follow_except_star_glue(from, appends);
      landings.emplace_back(at, appends);
    };
    if (end >= 0) land(skip_name_unbinding(end, name));
    if (cleanup >= 0) {
      const int append = skip_name_unbinding(cleanup, name);
      visited_[append] = visited_[append + 1] = 1;
      land(append + 2);
    }
    if (no_match < 0 || no_match >= count || instrs[no_match].op != Op::PopTop) fail(q, "unrecognised except* clause");
    visited_[no_match] = 1;
    land(no_match + 1);
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
    if (reraise < 0 || reraise + 2 >= count || instrs[reraise].op != Op::Swap || instrs[reraise + 1].op != Op::PopExcept ||
        instrs[reraise + 2].op != Op::Reraise)
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
