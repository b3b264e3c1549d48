// try/except/else/finally and with, for 3.11+ where the exception table
// says which handler protects each instruction. A try statement starts
// where code comes under a handler that begins with PUSH_EXC_INFO; its body
// is the code under that handler, its clauses are read from the handler.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/function_decompiler.hpp"

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
int FunctionDecompiler::first_outside(int start, int protection) const {
  int i = start;
  while (i < int(function_.instrs.size()) &&
         (within_protection(i, protection) || !normally_reachable_[block_at(i)]))
    ++i;
  return i;
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
  for (int i = first; i < int(instrs.size()); ++i) {
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
void FunctionDecompiler::mark_handler_code_visited(int handler) {
  std::vector<int> work{block_at(handler)};
  std::vector<char> seen(graph_.blocks.size(), 0);
  while (!work.empty()) {
    const int block = work.back();
    work.pop_back();
    if (seen[block] || normally_reachable_[block]) continue;
    seen[block] = 1;
    for (int i = graph_.blocks[block].first; i <= graph_.blocks[block].last; ++i) visited_[i] = 1;
    for (int succ : graph_.blocks[block].successors) work.push_back(succ);
  }
}

// `except E as name` unbinds the name when the clause ends:
// LOAD_CONST None; STORE name; DELETE name. Returns the index after it.
int FunctionDecompiler::skip_name_unbinding(int index, const std::string& name) {
  const auto& instrs = function_.instrs;
  if (name.empty() || index + 2 >= int(instrs.size())) return index;
  if (instrs[index].op == Op::LoadConst && is_name_store(instrs[index + 1].op) && instrs[index + 1].name == name &&
      is_name_delete(instrs[index + 2].op) && instrs[index + 2].name == name) {
    visited_[index] = visited_[index + 1] = visited_[index + 2] = 1;
    return index + 3;
  }
  return index;
}

// `return value` inside a try or with body: the compiler ends the
// protection before the return, so the walk of the body stops with the
// value still on the stack. What follows is bookkeeping (the with's
// __exit__ call, a finally copy, POP_BLOCK/POP_EXCEPT, stack shuffles)
// and then RETURN_VALUE: finish the statement inside the body.
bool FunctionDecompiler::finish_return(int& i, const Region& body_region, Stack& stack, ast::Body& body) {
  const auto& instrs = function_.instrs;
  for (int steps = 0; steps < 64 && i < int(instrs.size()); ++steps) {
    if (body_region.finally_length > 0 && i + body_region.finally_length < int(instrs.size())) {
      bool copy = true;
      for (int k = 0; k < body_region.finally_length && copy; ++k)
        copy = instrs[i + k].op == instrs[body_region.finally_start + k].op;
      if (copy) {
        for (int k = 0; k < body_region.finally_length; ++k) visited_[i + k] = 1;
        i += body_region.finally_length;
        continue;
      }
    }
    const Op op = instrs[i].op;
    switch (op) {
      case Op::ReturnValue:
        visited_[i] = 1;
        emit(body, make::return_(pop_expr(stack, i)), i);
        ++i;
        return true;
      case Op::Swap:
      case Op::Rotate:
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
        visited_[i++] = 1;
        break;
      case Op::BeginFinally:
        // 3.8: the with's exit runs before the return.
        if (!skip_legacy_with_exit(i, stack)) return false;
        break;
      case Op::PopExcept:
        visited_[i] = 1;
        if (code_.version.minor >= 11) pop(stack, i);
        ++i;
        break;
      default:
        return false;
    }
  }
  return false;
}

// How long the code at `copy` repeats the code at `original` up to a
// return: exit_copy_length, plus (3.12+) the implicit `return None`, whose
// copies take the line of whatever precedes them.
int FunctionDecompiler::tail_copy_length(int copy, int original, int evidence) const {
  if (const int n = exit_copy_length(copy, original); n > 0) return n;
  auto implicit_return = [&](int at) {
    if (at < 0 || at + 1 >= int(function_.instrs.size())) return false;
    const ir::Instr& load = function_.instrs[at];
    return load.op == Op::LoadConst && load.arg >= 0 && load.arg < int(code_.consts.size()) &&
           code_.consts[load.arg]->kind == Constant::Kind::None && function_.instrs[at + 1].op == Op::ReturnValue;
  };
  // Only 3.12+ copy the implicit return into clauses this way.
  if (code_.version.minor < 12) return 0;
  // An explicit `return` there is the same code: the order the compiler
  // met the names in says whether the code after the body was an else
  // clause (`evidence` 1) or came after the try (0); without it, an
  // explicit return usually has a line of its own.
  const bool copied = evidence == 1 || (evidence < 0 && is_implicit_return_copy(copy + 1));
  return copy != original && implicit_return(copy) && implicit_return(original) && copied ? 2 : 0;
}

namespace {

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

}  // namespace

// The compiler writes a try's else clause before its except clauses and
// the code after the try statement after them, and co_names records names
// in the order they are first met. 1: the code in [else_start, else_end)
// meets a new name before the clauses in [clauses_start, clauses_end) do;
// 0: after them; -1: no name tells.
int FunctionDecompiler::else_compiled_first(int body_start, int else_start, int else_end, int clauses_start,
                                            int clauses_end) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  auto names_in = [&](int from, int to) {
    std::vector<std::string> names;
    for (int i = std::max(from, 0); i < std::min(to, count); ++i)
      if (names_from_co_names(instrs[i].op) && !instrs[i].name.empty()) names.push_back(instrs[i].name);
    return names;
  };
  const auto body_names = names_in(body_start, else_start);
  const auto else_names = names_in(else_start, else_end);
  const auto clause_names = names_in(clauses_start, clauses_end);
  auto contains = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  // The earliest co_names position among names only `mine` uses.
  auto first_own_name = [&](const std::vector<std::string>& mine, const std::vector<std::string>& other) {
    int best = -1;
    for (const std::string& name : mine) {
      if (contains(body_names, name) || contains(other, name)) continue;
      const int at = int(std::find(code_.names.begin(), code_.names.end(), name) - code_.names.begin());
      if (best < 0 || at < best) best = at;
    }
    return best;
  };
  const int in_else = first_own_name(else_names, clause_names);
  const int in_clauses = first_own_name(clause_names, else_names);
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

// `try: ... finally: ...`; a body that is itself one try/except without a
// finally is the same code as `try: ... except: ... finally: ...`.
ast::StmtPtr try_finally(const ast::Body& body, const ast::Body& finally_body) {
  if (body.size() == 1) {
    if (auto* inner = ast::as<ast::Try>(body[0]); inner && inner->finalbody.empty())
      return make::try_(inner->body, inner->handlers, inner->orelse, finally_body);
  }
  return make::try_(body, {}, {}, finally_body);
}

int FunctionDecompiler::decode_except_clauses(int handler, const Region& region, const Stack& stack,
                                              std::vector<ast::ExceptHandler>& handlers,
                                              std::vector<ClauseTail>& tails) {
  const auto& instrs = function_.instrs;
  int join = -1;
  const bool legacy = code_.version.minor <= 10;
  // How many exception values a clause drops before its body: the
  // exception (3.11+), or type, value and traceback (≤3.10).
  const int dropped = legacy ? 3 : 1;
  int p = handler_body_start(handler);
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
    // The clause body ends at the POP_EXCEPT that restores the exception state.
    int clause_end = -1;
    Region clause_region = region.sub(-1, block_at(p), region.loop);
    clause_region.protection = region.protection;
    clause_region.clause_depth = int(clause_stack.size());
    clause_region.clause_end = &clause_end;
    clause_region.clause_name = name;
    ast::Body body;
    walk_region(p, clause_region, clause_stack, body);
    if (body.empty()) body.push_back(make::pass());
    auto except = make::except_handler(type, name.empty() ? std::nullopt : std::optional<std::string>(name), body);
    handlers.push_back(except);
    if (clause_end >= 0) {
      int after = skip_name_unbinding(clause_end + 1, name);
      if (after < int(instrs.size()) && instrs[after].op == Op::Jump) {
        visited_[after] = 1;
        if (join < 0) join = instrs[after].target;
      } else if (join < 0 && after < int(instrs.size())) {
        // The clause goes on without a jump: either a copy of the short code
        // after the try (3.12+ duplicate exits) or code of its own; the
        // caller decides once it knows what follows the try.
        Stack rest_stack = clause_stack;
        if (code_.version.minor >= 11 && !rest_stack.empty()) rest_stack.pop_back();
        tails.push_back(ClauseTail{int(handlers.size()) - 1, after, rest_stack});
      }
    }
    if (next_clause < 0) break;  // a bare except is the last clause
    p = next_clause;
  }
  return join;
}

int FunctionDecompiler::decompile_try(int index, int handler, const Region& region, Stack& stack, ast::Body& out) {
  const auto& instrs = function_.instrs;
  if (code_.version.minor >= 11) {
    if (instrs[handler].op != Op::PushExcInfo) fail(index, "protected code whose handler is not a try handler");
    visited_[handler] = 1;
  }
  const int handler_start = handler_body_start(handler);
  if (handler_start < int(instrs.size()) &&
      (instrs[handler_start].op == Op::WithExceptStart || instrs[handler_start].op == Op::WithCleanupStart))
    fail(index, "with body without its setup");
  const int body_end = first_outside(index, handler);
  Region body_region = region.sub(body_end, block_at(index), region.loop);
  body_region.protection = handler;
  body_region.clause_depth = -1;
  body_region.clause_end = nullptr;

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
    walk_region(handler_start, finally_region, finally_stack, finally_body);
    int reraise = handler_start;
    while (reraise < int(instrs.size()) && !(instrs[reraise].op == Op::Reraise && visited_[reraise])) ++reraise;
    if (reraise >= int(instrs.size())) fail(handler, "finally clause that does not re-raise");
    if (!finally_body.empty() && ast::as<ast::Raise>(finally_body.back())) finally_body.pop_back();
    if (finally_body.empty()) finally_body.push_back(make::pass());
    body_region.finally_start = handler_start;
    body_region.finally_length = reraise - handler_start;
    ast::Body body;
    Stack body_stack = stack;
    bool falls = walk_region(index, body_region, body_stack, body);
    if (falls) falls = !finish_return_after(body_end, body_region, stack.size(), body_stack, body);
    if (body.empty()) body.push_back(make::pass());
    emit(out, try_finally(body, finally_body), index);
    if (!falls) return -1;
    // Skip the finally body's copy on the normal path.
    const int n = body_region.finally_length;
    for (int k = 0; k < n; ++k) {
      if (body_end + k >= int(instrs.size()) || instrs[body_end + k].op != instrs[handler_start + k].op)
        fail(body_end, "the normal path does not repeat the finally body");
      visited_[body_end + k] = 1;
    }
    stack = body_stack;
    return body_end + n;
  }

  ast::Body body;
  Stack body_stack = stack;
  bool falls = walk_region(index, body_region, body_stack, body);
  if (falls) falls = !finish_return_after(body_end, body_region, stack.size(), body_stack, body);
  if (body.empty()) body.push_back(make::pass());
  std::vector<ast::ExceptHandler> handlers;
  std::vector<ClauseTail> tails;
  int join = decode_except_clauses(handler, region, stack, handlers, tails);
  // Clauses that run on into copies of the code after the try: find that
  // code on the normal path and make it the join.
  if (join < 0 && falls && !tails.empty()) {
    int clauses_end = handler;
    for (const ClauseTail& tail : tails) clauses_end = std::max(clauses_end, tail.start);
    const int evidence = code_.version.minor >= 12 && handler > body_end
                             ? else_compiled_first(index, body_end, handler, handler, clauses_end)
                             : -1;
    for (int k = body_end; k < int(instrs.size()) && join < 0; ++k) {
      if (!normally_reachable_[block_at(k)]) continue;
      const bool all_copies = std::all_of(tails.begin(), tails.end(), [&](const ClauseTail& tail) {
        return tail_copy_length(tail.start, k, evidence) > 0;
      });
      if (all_copies) join = k;
    }
    if (join >= 0) {
      for (const ClauseTail& tail : tails)
        for (int n = tail_copy_length(tail.start, join, evidence), k = 0; k < n; ++k) visited_[tail.start + k] = 1;
      tails.clear();
    }
  }
  for (ClauseTail& tail : tails) {  // code of the clause's own
    ast::Body rest;
    Region rest_region = region.sub(-1, block_at(tail.start), region.loop);
    // (3.8: a return there still calls the unbinding of `except E as name`.)
    rest_region.clause_name = handlers[tail.clause].name.value_or("");
    walk_region(tail.start, rest_region, tail.stack, rest);
    auto& clause_body = handlers[tail.clause].body;
    if (clause_body.size() == 1 && ast::as<ast::Pass>(clause_body[0])) clause_body.clear();
    clause_body.insert(clause_body.end(), rest.begin(), rest.end());
  }
  ast::Body orelse;
  bool else_falls = falls;
  int else_stop = body_end;
  if (falls && body_end != join) {
    if (body_end >= int(instrs.size())) fail(index, "try body runs off the end of the code");
    // With no join (every clause leaves) the code after the body runs on
    // to wherever the enclosing region ends.
    Region else_region = region.sub(join >= 0 ? join : region.stop, block_at(body_end), region.loop);
    else_region.stopped_at = &else_stop;
    Stack else_stack = stack;
    else_falls = walk_region(body_end, else_region, else_stack, orelse);
  }
  // Clauses that only "leave" by copies of the implicit return at the end
  // of the code fell off its end in the source: the code after the body
  // was the try's else clause (the copies are dropped later).
  const bool implicit_return_clauses =
      join < 0 && !orelse.empty() &&
      std::all_of(handlers.begin(), handlers.end(), [&](const ast::ExceptHandler& handler) {
        if (kind_ == CodeKind::Module || kind_ == CodeKind::Class) {
          auto* ret = handler.body.empty() ? nullptr : ast::as<ast::Return>(handler.body.back());
          return ret != nullptr;
        }
        return ends_in_implicit_return(handler.body);
      });
  if (implicit_return_clauses) {
    emit(out, make::try_(body, handlers, orelse), index);
    return else_falls ? else_stop : -1;
  }
  if (join < 0) {
    // Every clause leaves (return/raise): what follows the body is written
    // after the try rather than as its else clause (same code, and the
    // function then ends with that code, as its source did).
    emit(out, make::try_(body, handlers, {}), index);
    for (auto& stmt : orelse) out.push_back(stmt);
    // The code after the try went on until the enclosing region's end.
    return else_falls ? else_stop : -1;
  }
  emit(out, make::try_(body, handlers, orelse), index);
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
  ast::Body body;
  Stack body_stack = stack;
  bool falls = walk_region(index, body_region, body_stack, body);
  // `try: return value finally: ...`: POP_BLOCK; CALL_FINALLY; RETURN_VALUE.
  if (falls) falls = !finish_return_after(first_outside(index, handler), body_region, stack.size(), body_stack, body);
  if (body.empty()) body.push_back(make::pass());
  if (const int body_end = first_outside(index, handler);
      falls && body_end < int(instrs.size()) && instrs[body_end].op == Op::BeginFinally)
    visited_[body_end] = 1;
  Region finally_region = region.sub(-1, block_at(handler), region.loop);
  finally_region.finally_end = end;
  ast::Body finally_body;
  Stack finally_stack = stack;
  const bool finally_falls = walk_region(handler, finally_region, finally_stack, finally_body);
  (void)finally_falls;
  visited_[end] = 1;
  if (finally_body.empty()) finally_body.push_back(make::pass());
  emit(out, try_finally(body, finally_body), index);
  (void)falls;
  return end + 1;
}

int FunctionDecompiler::decompile_with(int index, const Region& region, Stack& stack, ast::Body& out) {
  const auto& instrs = function_.instrs;
  visited_[index] = 1;
  ast::ExprPtr context = pop_expr(stack, index);
  Value exit_slot;
  exit_slot.kind = Value::Kind::WithExit;
  stack.push_back(exit_slot);
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
  ast::ExprPtr target;
  if (p < int(instrs.size()) && instrs[p].op == Op::PopTop) {
    visited_[p++] = 1;
  } else {
    auto group = std::make_shared<AssignmentGroup>();
    group->targets.assign(1, nullptr);
    Value slot;
    slot.kind = Value::Kind::Slot;
    slot.group = group;
    slot.slot = 0;
    stack.push_back(slot);
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
  // 3.11+ protect from the POP_TOP or store of __enter__'s value on: with
  // an empty body (`pass` leaves no instruction) only that is protected.
  int handler = instrs[p].handler;
  if (!legacy && handler == region.protection && p > index + 1 && instrs[p - 1].handler != region.protection)
    handler = instrs[p - 1].handler;
  if (handler < 0 || handler == region.protection ||
      (legacy ? handler != instrs[setup].target : instrs[handler].op != Op::PushExcInfo))
    fail(p, "with body that is not protected by its exit handler");
  const int body_end = first_outside(p, handler);
  Region body_region = region.sub(body_end, block_at(p), region.loop);
  body_region.protection = handler;
  body_region.clause_depth = -1;
  body_region.clause_end = nullptr;
  ast::Body body;
  Stack body_stack = stack;
  int body_stopped = -1;  // where the body left the protected code (an if's branch may leave later)
  body_region.stopped_at = &body_stopped;
  bool falls = walk_region(p, body_region, body_stack, body);
  const int e = falls && body_stopped > body_end ? body_stopped : body_end;
  if (falls) falls = !finish_return_after(e, body_region, stack.size(), body_stack, body);
  if (body.empty()) body.push_back(make::pass());
  mark_handler_code_visited(handler);
  stack.pop_back();  // the exit slot
  std::vector<ast::WithItem> items{make::with_item(context, target)};
  merge_nested_with(items, body, is_async, instrs[index].line);
  if (is_async) {
    emit(out, make::async_with(std::move(items), body), index);
  } else {
    emit(out, make::with(std::move(items), body), index);
  }
  if (!falls) return -1;
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
  return drop + 1;
}

}  // namespace depyf::decompile
