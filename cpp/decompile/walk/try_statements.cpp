// try statements: the body under a handler, the except clauses decoded from
// the handler, else and finally clauses, and 3.8's finally body shared by
// every way out (CALL_FINALLY/END_FINALLY). Which handler protects what:
// protection.cpp; the finally copies: finally_copies.cpp.
#include <algorithm>
#include <set>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::is_name_delete;
using ir::is_name_store;
using ir::Op;

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
    if (clause_ends_in_jump_and_return(clause_ends, name, &clause_region) || copied_end >= 0 ||
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
  // (≤3.10: the walk stopped earlier, at the body's own POP_BLOCK and
  // jump right before the handler (over the handlers, or back to a loop's
  // header), reached only through a with ending the body whose own body
  // never goes on (its __exit__ suppressing what the body raises): the end
  // found from the normal path lay elsewhere (the loop's follow, the
  // implicit return), and the body read as running into a `break` or a
  // `return` there, written as the else clause (`else: break`, difftest
  // 24000:54706; `else: return None` + the code after the try,
  // 24000:39918), or was refused. loop_try_with_never_ending.py.)
  if (falls && code_.version.minor <= 10 && body_stopped >= 1 && body_stopped < body_end &&
      body_stopped + 1 == handler && instrs[body_stopped].op == Op::Jump && instrs[body_stopped - 1].op == Op::PopBlock)
    body_end = body_stopped;
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
  // (The same where several clauses each run on into their own copy of
  // that code: `except A: pass` + `except B as e: pass` + `return y` after a
  // body that never goes on, 3.10/3.12+. Read into each clause, `return y`
  // ran while the exception was still handled: its NameError got that
  // exception as context, random program 24000:3256.)
  auto tail_after_try = [&](const ClauseTail& tail) {
    return tail.stack.size() == stack.size() && tail.start > handler && !visited_[tail.start] &&
           !runs_finally_copy(tail.start, region) && !returns_constant_after_pops(tail.start);
  };
  const bool tails_may_follow_try =
      join < 0 && !star && (code_.version.minor >= 12 || (code_.version.minor == 10 && !in_for_loop)) &&
      !tails.empty() && (region.protection < 0 || (!falls && region.protection == region.with_handler)) &&
      region.clause_depth < 0 && region.outer_finally == nullptr &&
      std::all_of(tails.begin(), tails.end(), tail_after_try);
  if (tails_may_follow_try && tails.size() == 1 &&
      (!falls || same_code_to_exit(resolve_jumps(body_end), tails[0].start) == 0)) {
    join = tails[0].start;
    tails.clear();
  } else if (tails_may_follow_try && !falls) {
    // (Each further tail in a clause of its own, a copy of the first.)
    std::vector<int> copy_lengths;
    for (std::size_t t = 1; t < tails.size(); ++t) {
      const int n = tails[t].clause != tails[t - 1].clause ? tail_copy_length(tails[t].start, tails[0].start, -1) : 0;
      if (n == 0) break;
      copy_lengths.push_back(n);
    }
    if (copy_lengths.size() + 1 == tails.size()) {
      join = tails[0].start;
      for (std::size_t t = 1; t < tails.size(); ++t)
        for (int k = 0; k < copy_lengths[t - 1]; ++k) visited_[tails[t].start + k] = 1;
      tails.clear();
    }
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
    const Stack tail_entry = tail.stack;
    if (returns_constant_after_pops(start) && !within_protection(start, region.protection) &&
        kind_ != CodeKind::Module && kind_ != CodeKind::Class) {
      int i = tail.start;
      if (!finish_return(i, rest_region, tail.stack, rest)) fail(start, "unrecognised return in an except clause");
    } else if (walk_region(tail.start, rest_region, tail.stack, rest)) {
      tail_falls = true;
    }
    refuse_code_after_clause_end(rest, tail_entry, tail.start);
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
  int else_walk_stop = -1;  // (where the walk of that else clause stops, when not at the join: dead_exit_else_end.cpp)
  if (!star && join < 0 && falls && !tail_falls && body_end < int(instrs.size())) {
    const int code_start = resolve_jumps(body_end);
    const int target = dead_clause_exit_past(handler, code_start, handlers);
    const bool in_region = target == region.stop || inside(target, region);
    const int own_stop = in_region || target <= code_start ? -1 : dead_exit_else_stop(code_start, target, region);
    if (target > code_start && (in_region || own_stop >= 0)) {
      join = target;
      join_from_dead_exit = true;
      else_walk_stop = own_stop;
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
  // ≤3.9 `continue` written after a try at the end of a region (an if's
  // first branch): the body's exit and the clauses' ends are threaded
  // through it straight back to the loop's header (or the clauses leave),
  // and it is left dead after the clauses. That is no else clause: the
  // try, then that jump.
  if (code_.version.minor <= 9 && falls && region.loop && else_start == body_end &&
      (join < 0 || region.loop->continues_at(join)) && instrs[body_end].op == Op::Jump &&
      region.loop->continues_at(instrs[body_end].target)) {
    int dead = body_end + 1;  // (the first instruction past the clauses)
    while (dead < int(instrs.size()) && visited_[dead]) ++dead;
    if (dead < int(instrs.size()) && (region.stop < 0 || dead < region.stop || region.stop <= body_end) &&
        instrs[dead].op == Op::Jump && region.loop->continues_at(instrs[dead].target) &&
        !graph_.blocks[block_at(dead)].reachable) {
      visited_[body_end] = 1;
      emit(out, make_try({}), index);
      return dead;
    }
  }
  if (falls && else_start != join) {
    if (else_start >= int(instrs.size())) fail(index, "try body runs off the end of the code");
    // With no join (every clause leaves) the code after the body runs on
    // to wherever the enclosing region ends.
    Region else_region = region.sub(else_walk_stop >= 0 ? else_walk_stop
                                    : join >= 0         ? join
                                                        : region.stop,
                                    block_at(else_start), region.loop);
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
      // (Else the value was left for nothing: `else: return t()` before a
      // finally copy that raises, 3.9/3.10; dropped, the call was lost.)
      else fail(else_stop, "else clause leaves values on the stack");
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
  if (else_walk_stop >= 0 && else_falls) fail(else_start, "else clause that a dead except-clause jump ends goes on");
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
    // (Not an async for's SETUP_FINALLY: END_ASYNC_FOR ends it, and the
    // END_FINALLY after the loop would be taken for its end, the code after
    // the finally body read into it, difftest 24000:1842.)
    if ((instrs[end].op == Op::SetupFinally && !(instrs[end].target >= 0 && instrs[end].target < int(instrs.size()) &&
                                                 instrs[instrs[end].target].op == Op::EndAsyncFor)) ||
        instrs[end].op == Op::SetupWith || instrs[end].op == Op::SetupAsyncWith)
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

}  // namespace depyf::decompile
