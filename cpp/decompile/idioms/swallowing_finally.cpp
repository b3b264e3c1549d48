// A finally clause that never re-raises: every path through its body
// leaves by `return`, `break` or `continue`, which drops the pending
// exception (3.14+ warn about it, PEP 765, but still compile it).
//
// Versions: 3.9+ (3.8 shares one finally body among all paths, read by
// decompile_shared_finally).
// Source:
//     try:
//         BODY              (may end in `return value`)
//     finally:
//         FINALLY           (ends in return/break/continue on every path)
// Bytecode: (3.11+; ≤3.10 the same with SETUP_FINALLY/POP_BLOCK and three
//     exception values)
//     BODY                          (protected by H; `return value` leaves
//                                    the value on the stack here)
//     FINALLY copy                  (its exits drop that value first:
//                                    SWAP 2; POP_TOP before RETURN_VALUE)
//   H: PUSH_EXC_INFO
//     FINALLY                       (its exits drop the exception first:
//                                    [SWAP 2;] POP_TOP; [SWAP 2;] POP_EXCEPT)
//     no RERAISE of the finally's own: nothing falls off the handler's copy
// Test: tests/python/decompile_cases/finally_swallows_exception.py (return_in_both,
//     return_in_finally_only), tests/python/decompile_cases/finally_swallows_exception_py314.py
//
// The try statement therefore never falls through: nothing follows it.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

// Whether every path through `body` leaves by a statement of its own.
bool always_leaves(const ast::Body& body) {
  if (body.empty()) return false;
  const ast::StmtPtr& last = body.back();
  if (ast::as<ast::Return>(last) || ast::as<ast::Break>(last) || ast::as<ast::Continue>(last) ||
      ast::as<ast::Raise>(last))
    return true;
  if (const auto* branch = ast::as<ast::If>(last)) return always_leaves(branch->body) && always_leaves(branch->orelse);
  return false;
}

}  // namespace

// Whether some path through `body`, which always leaves, leaves by return,
// break or continue, dropping the pending exception (swallowing it): one
// whose every path raises replaces the exception instead, read by
// decompile_try as a finally body that never ends (endless_finally.cpp).
bool FunctionDecompiler::swallows_exception(const ast::Body& body) const {
  if (body.empty()) return false;
  const ast::StmtPtr& last = body.back();
  if (ast::as<ast::Return>(last) || ast::as<ast::Break>(last) || ast::as<ast::Continue>(last)) return true;
  if (const auto* branch = ast::as<ast::If>(last))
    return swallows_exception(branch->body) || swallows_exception(branch->orelse);
  return false;
}

// The normal path's copy of the finally body, from `copy`, against the
// handler's, from `original`, walked in step (jumps and nested handlers
// paired). The handler's copy drops the exception before each exit; the
// normal one drops the body's pending return value there instead (when
// `value_pending`). Fills the copy's instructions; false when they differ.
bool FunctionDecompiler::match_swallowing_copy(int original, int copy, bool value_pending,
                                               std::vector<int>& copy_instrs) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  std::vector<int> paired(count, -1);
  std::vector<std::pair<int, int>> work{{original, copy}};
  const int base = instrs[copy].handler;
  while (!work.empty()) {
    auto [h, n] = work.back();
    work.pop_back();
    if (h < 0 || n < 0 || h >= count || n >= count) return false;
    if (paired[h] >= 0) {
      if (paired[h] == n) continue;
      return false;  // (a duplicated exit: not read here)
    }
    paired[h] = n;
    if (int(copy_instrs.size()) > count) return false;
    // Before an exit: the handler drops the exception, the normal path
    // the body's return value (the value under the one being returned).
    if (const int past = past_exception_drop(h); past != h) {
      h = past;
      if (h >= count) return false;
      // (SWAP 2 (≤3.10 ROT_TWO); POP_TOP under a computed value, POP_TOP
      // alone before a constant is loaded or a jump.)
      if (value_pending) {
        if (n + 1 < count && (instrs[n].op == Op::Swap || instrs[n].op == Op::Rotate) && instrs[n].arg == 2 &&
            instrs[n + 1].op == Op::PopTop) {
          copy_instrs.push_back(n++);
        } else if (instrs[n].op != Op::PopTop) {
          return false;
        }
        copy_instrs.push_back(n++);
      }
    }
    const ir::Instr& x = instrs[h];
    const ir::Instr& y = instrs[n];
    if (x.op == Op::Reraise || x.op == Op::EndFinally) return false;
    if (!same_op(x.op, y.op) || (x.target < 0 && x.arg != y.arg) || x.arg2 != y.arg2 || x.extra != y.extra ||
        x.name != y.name || (x.target >= 0) != (y.target >= 0))
      return false;
    // Nested try statements in the finally body: their handlers are copied
    // too; code outside them runs under what protects the try statement.
    const bool x_nested = x.handler >= 0 && x.handler != base && x.handler > original;
    const bool y_nested = y.handler >= 0 && y.handler != base;
    if (x_nested != y_nested) return false;
    if (x_nested) work.emplace_back(x.handler, y.handler);
    copy_instrs.push_back(n);
    // (Both jumping to one place, a break or continue, leave the copy.)
    if (x.target >= 0 && x.target != y.target) work.emplace_back(x.target, y.target);
    const bool ends = x.op == Op::Jump || x.op == Op::ReturnValue || x.op == Op::RaiseVarargs;
    if (!ends) work.emplace_back(h + 1, n + 1);
  }
  // The copy must not be the handler's own code.
  for (int n : copy_instrs)
    if (n >= original) return false;
  return true;
}

int FunctionDecompiler::decompile_swallowing_finally(int index, int handler, Region body_region, Stack& stack,
                                                     const ast::Body& finally_body, ast::Body& out,
                                                     bool at_loop_header) {
  if (!always_leaves(finally_body)) fail(handler, "finally clause that does not re-raise");
  const int handler_start = handler_body_start(handler);
  ast::Body body;
  Stack body_stack = stack;
  int body_stopped = -1;
  body_region.stopped_at = &body_stopped;
  const bool falls = walk_region(index, body_region, body_stack, body, at_loop_header);
  if (!falls) fail(index, "try body before a finally that does not re-raise leaves by itself");
  const int copy_start = body_stopped >= 0 ? body_stopped : body_region.stop;
  if (copy_start < 0 || copy_start >= handler || visited_[copy_start])
    fail(index, "the normal path does not repeat the finally body");
  // `return value` ending the body: the finally copy runs with the value on
  // the stack and drops it before leaving.
  bool value_pending = false;
  if (body_stack.size() == stack.size() + 1) {
    value_pending = true;
    emit(body, make::return_(pop_expr(body_stack, copy_start)), copy_start);
  } else if (body_stack.size() != stack.size()) {
    fail(copy_start, "protected body leaves values on the stack");
  }
  std::vector<int> copy;
  if (!match_swallowing_copy(handler_start, copy_start, value_pending, copy))
    fail(copy_start, "the normal path does not repeat the finally body");
  for (int k : copy) visited_[k] = 1;
  if (body.empty()) body.push_back(make::pass());
  // (A body that is one try/except without a finally is the same code as
  // `try: ... except: ... finally: ...`.)
  ast::StmtPtr statement = make::try_(body, {}, {}, finally_body);
  if (body.size() == 1)
    if (auto* inner = ast::as<ast::Try>(body[0]); inner && inner->finalbody.empty())
      statement = make::try_(inner->body, inner->handlers, inner->orelse, finally_body);
  emit(out, statement, index);
  return -1;
}

}  // namespace depyf::decompile
